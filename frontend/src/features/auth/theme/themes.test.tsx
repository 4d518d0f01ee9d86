import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/features/auth/theme/theme-context';
import { ThemeSelector } from '@/features/auth/theme/theme-selector';
import { DEFAULT_THEME, THEMES, readStoredTheme, resolveTheme } from '@/features/auth/theme/themes';

describe('themes', () => {
  it('has the five themes, each with a display name and an icon', () => {
    expect(THEMES.map((theme) => theme.id)).toEqual(['light', 'dark', 'ocean', 'sunset', 'forest']);
    for (const theme of THEMES) {
      expect(theme.name).not.toBe('');
      expect(theme.icon).not.toBe('');
    }
  });

  it('defaults to dark', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('uses a stored theme only when it names one of the five', () => {
    expect(resolveTheme('ocean')).toBe('ocean');
    expect(resolveTheme('forest')).toBe('forest');
    expect(resolveTheme('purple')).toBe('dark');
    expect(resolveTheme('Light')).toBe('dark');
    expect(resolveTheme('')).toBe('dark');
    expect(resolveTheme(null)).toBe('dark');
    localStorage.setItem('theme', 'hacker');
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('theme', 'sunset');
    expect(readStoredTheme()).toBe('sunset');
  });
});

describe('ThemeSelector', () => {
  function setup() {
    return render(
      <ThemeProvider>
        <ThemeSelector />
      </ThemeProvider>,
    );
  }

  it('applies the stored theme to <html> on start', () => {
    localStorage.setItem('theme', 'light');
    setup();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: /^Theme: / }).getAttribute('aria-label')).toBe('Theme: Light');
  });

  it('falls back to dark when the stored theme is unknown', () => {
    localStorage.setItem('theme', 'neon');
    setup();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('switches the theme and saves it at once', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    const options = screen.getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['Light', 'Dark', 'Ocean', 'Sunset', 'Forest']);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(options.every((option) => option.querySelector('svg'))).toBe(true);
    fireEvent.click(screen.getByRole('menuitemradio', { name: /Ocean/ }));
    expect(document.documentElement.dataset.theme).toBe('ocean');
    expect(localStorage.getItem('theme')).toBe('ocean');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: /^Theme: / }).getAttribute('aria-label')).toBe('Theme: Ocean');
  });

  it('closes the menu with Escape', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes the menu when the keyboard focus leaves it', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeSelector />
        <button type="button">Next control</button>
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: /Dark/ }));
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next control' }));
  });
});
