import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/icon';
import { groupBySection } from '@/features/admin/admin-tab-sections';
import '@/features/admin/admin-menu.css';

interface MenuTab<T extends string> {
  id: T;
  label: string;
  badge?: number;
  /** the badge counts again what other tabs' badges count (Waiting for Me): left out of the Menu's total */
  badgeRepeats?: boolean;
}

interface AdminMenuProps<T extends string> {
  tabs: ReadonlyArray<MenuTab<T>>;
  active: T;
  onSelect: (id: T) => void;
}

/** The red count of what waits, named for screen readers (as TabList's); nothing when none waits. */
function pendingBadge(count: number | undefined) {
  if (count === undefined || count <= 0) return null;
  return (
    <span className="tabs__badge" aria-label={`${count} pending`}>
      {count}
    </span>
  );
}

/**
 * The admin panel's navigation on a narrow screen (app.css shows it below 900 px, the sidebar
 * above): a Menu button naming the open tab and what waits in all, opening every tab the role may
 * see, grouped by section, each with its pending count. A disclosure, keyboard-usable: the open
 * list starts at the current tab, arrows, Home and End move, Escape closes, a choice closes it.
 */
export function AdminMenu<T extends string>({ tabs, active, onSelect }: AdminMenuProps<T>) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0];
  const waiting = tabs.reduce((sum, tab) => sum + (tab.badgeRepeats ? 0 : (tab.badge ?? 0)), 0);

  const items = () => [...(navRef.current?.querySelectorAll<HTMLButtonElement>('.admin-menu__item') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()
      .find((item) => item.getAttribute('aria-current') === 'page')
      ?.focus();
    // a press anywhere outside the menu closes it, leaving the focus where the press put it
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const choose = (id: T) => {
    onSelect(id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const last = list.length - 1;
    const next =
      event.key === 'ArrowDown'
        ? at < 0 || at === last
          ? 0
          : at + 1
        : event.key === 'ArrowUp'
          ? at <= 0
            ? last
            : at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  };

  return (
    <nav
      ref={navRef}
      className="admin-menu"
      aria-label="Admin panel menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // the keyboard's Tab leaving the menu closes it
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="admin-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon name="menu" className="admin-menu__icon" />
        <span className="admin-menu__text">
          <span className="admin-menu__kicker">Menu</span>
          <span className="admin-menu__current">{current?.label}</span>
        </span>
        {pendingBadge(waiting)}
        <Icon name="chevron-down" className={open ? 'admin-menu__chevron admin-menu__chevron--open' : 'admin-menu__chevron'} />
      </button>
      {open && (
        <div id={listId} className="admin-menu__sheet">
          {groupBySection(tabs).map(({ section, tabs: sectionTabs }) => {
            const headingId = `${listId}-${section.replace(/\W+/g, '-').toLowerCase()}`;
            return (
              <div key={section} className="admin-menu__section">
                <p id={headingId} className="admin-menu__heading">
                  {section}
                </p>
                <ul aria-labelledby={headingId} className="admin-menu__list">
                  {sectionTabs.map((tab) => (
                    <li key={tab.id}>
                      <button
                        type="button"
                        className={tab.id === active ? 'admin-menu__item admin-menu__item--current' : 'admin-menu__item'}
                        aria-current={tab.id === active ? 'page' : undefined}
                        onClick={() => choose(tab.id)}
                      >
                        <span>{tab.label}</span>
                        {pendingBadge(tab.badge)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </nav>
  );
}
