import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/icon';
import { useTheme } from '@/features/auth/theme/theme-context';
import { THEMES, themeById } from '@/features/auth/theme/themes';

/** The theme button at the top-left of the sign-in and register screens. */
export function ThemeSelector() {
  const { theme, setTheme } = useTheme();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = themeById(theme);

  useEffect(() => {
    if (!open) return undefined;
    const activeIndex = THEMES.findIndex((item) => item.id === theme);
    itemRefs.current[activeIndex]?.focus();
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open, theme]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = itemRefs.current.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      itemRefs.current[(index + step + THEMES.length) % THEMES.length]?.focus();
    }
  };

  return (
    <div
      className="theme-selector"
      ref={rootRef}
      onBlur={(event) => {
        // Tab out of the menu closes it, as a click elsewhere does
        if (open && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="theme-selector__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Theme: ${current.name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={current.icon} size={18} />
        <span className="theme-selector__name">{current.name}</span>
        <Icon name="chevronDown" size={16} className="theme-selector__caret" />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Choose a theme" className="theme-selector__menu" onKeyDown={onMenuKeyDown}>
          {THEMES.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={item.id === theme}
              className="theme-selector__item"
              onClick={() => {
                setTheme(item.id);
                setOpen(false);
                buttonRef.current?.focus();
              }}
            >
              <Icon name={item.icon} size={18} className="theme-selector__icon" />
              <span>{item.name}</span>
              {item.id === theme && <Icon name="check" size={16} className="theme-selector__check" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
