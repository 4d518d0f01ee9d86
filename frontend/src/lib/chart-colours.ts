/** Colours for the charts (chart.js draws on a canvas, which CSS variables do not reach). */

/** A colour of the theme in use (a CSS variable on the document), or `fallback` outside a browser. */
export function themeColour(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** `#3dd68c` with alpha 0.15 → `rgba(61, 214, 140, 0.15)` (the themes write colours as hex). */
export function translucent(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
