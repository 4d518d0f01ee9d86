const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Bread is shown in euros with thousands separators and no decimals: `€1,500,000`. */
export function formatMoney(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole !== 0 ? '-' : ''}€${thousands.format(whole)}`;
}
