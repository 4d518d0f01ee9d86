import { useEffect, useRef, type ReactNode } from 'react';
import { panelId, tabId } from '@/components/tab-ids';

/** Room kept between the sticky page header and a panel scrolled to its top. */
const HEADER_GAP_PX = 16;

/**
 * Scrolls the page so the panel's top (its heading) shows below the sticky header, when the page
 * is scrolled past it: a tab chosen from a sticky sidebar far down the page starts at its heading.
 */
function bringTopIntoView(panel: HTMLElement): void {
  if (window.scrollY <= 0) return; // at the top of the page the panel is where it belongs
  const header = document.querySelector('.app-header');
  const offset = (header?.getBoundingClientRect().bottom ?? 0) + HEADER_GAP_PX;
  const top = panel.getBoundingClientRect().top;
  if (top < offset) window.scrollTo({ top: window.scrollY + top - offset });
}

export function TabPanel({
  idPrefix,
  id,
  children,
  startAtTop = false,
}: {
  idPrefix: string;
  id: string;
  children: ReactNode;
  /** each newly chosen tab starts at its top (the admin panel's sidebar stays in view while scrolling) */
  startAtTop?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (startAtTop && ref.current) bringTopIntoView(ref.current);
  }, [id, startAtTop]);
  return (
    <section
      ref={ref}
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      tabIndex={0}
      className="tab-panel"
    >
      {children}
    </section>
  );
}
