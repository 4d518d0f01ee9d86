import type { IconName } from '@/components/icon';
import { storageKeys } from '@/lib/storage';

export const THEMES = [
  { id: 'light', name: 'Light', icon: 'sun' },
  { id: 'dark', name: 'Dark', icon: 'moon' },
  { id: 'ocean', name: 'Ocean', icon: 'waves' },
  { id: 'sunset', name: 'Sunset', icon: 'sunset' },
  { id: 'forest', name: 'Forest', icon: 'tree' },
] as const satisfies ReadonlyArray<{ id: string; name: string; icon: IconName }>;

export type Theme = (typeof THEMES)[number];
export type ThemeId = Theme['id'];

export const DEFAULT_THEME: ThemeId = 'dark';

function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && THEMES.some((theme) => theme.id === value);
}

/** A stored value replaces the default only when it names one of the five themes. */
export function resolveTheme(stored: string | null | undefined): ThemeId {
  return isThemeId(stored) ? stored : DEFAULT_THEME;
}

export function themeById(id: ThemeId): Theme {
  return THEMES.find((theme) => theme.id === id) ?? THEMES[1];
}

export function readStoredTheme(): ThemeId {
  try {
    return resolveTheme(localStorage.getItem(storageKeys.theme));
  } catch {
    return DEFAULT_THEME; // storage blocked (private mode, sandboxed frame)
  }
}

export function saveTheme(id: ThemeId): void {
  try {
    localStorage.setItem(storageKeys.theme, id);
  } catch {
    // The theme still applies for this visit.
  }
}

export function applyTheme(id: ThemeId): void {
  document.documentElement.dataset.theme = id;
  document.documentElement.style.colorScheme = id === 'light' || id === 'sunset' ? 'light' : 'dark';
}
