import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LabelWithBadge } from '@/components/label-with-badge';
import { panelId, tabId } from '@/components/tab-ids';

interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
  badge?: number;
}

interface TabListProps<T extends string> {
  label: string;
  idPrefix: string;
  tabs: ReadonlyArray<TabItem<T>>;
  active: T;
  onSelect: (id: T) => void;
  orientation?: 'horizontal' | 'vertical';
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them. */
export function TabList<T extends string>({
  label,
  idPrefix,
  tabs,
  active,
  onSelect,
  orientation = 'horizontal',
}: TabListProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const activeIndex = tabs.findIndex((tab) => tab.id === active);

  // A sidebar taller than the window scrolls in its own box: a tab chosen from elsewhere (the
  // overview's Review Now) is brought into that box, never left below the fold. The page stays put.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[activeIndex];
    if (!list || !tab || list.scrollHeight <= list.clientHeight) return;
    const margin = 8;
    if (tab.offsetTop < list.scrollTop) list.scrollTop = tab.offsetTop - margin;
    else if (tab.offsetTop + tab.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = tab.offsetTop + tab.offsetHeight - list.clientHeight + margin;
  }, [activeIndex]);
  const [previousKey, nextKey] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const next =
      event.key === nextKey
        ? current === last
          ? 0
          : current + 1
        : event.key === previousKey
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      className={orientation === 'vertical' ? 'tabs tabs--vertical' : 'tabs'}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => onSelect(tab.id)}
          >
            {tab.icon && (
              <span aria-hidden="true" className="tabs__icon">
                {tab.icon}
              </span>
            )}
            {tab.badge !== undefined && tab.badge > 0 ? (
              <LabelWithBadge label={tab.label} badge={tab.badge} />
            ) : (
              <span>{tab.label}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
