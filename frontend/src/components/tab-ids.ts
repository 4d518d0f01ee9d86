/** The ids that tie a tab to its panel (aria-controls, aria-labelledby): TabList and TabPanel share them. */
export function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

export function panelId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`;
}
