// @vitest-environment node
import { describe, expect, it } from 'vitest';
import themesCss from '@/styles/themes.css?raw';
import { THEMES } from '@/features/auth';

/** The custom properties of each theme, read from the stylesheet itself. */
function themeColours(): Record<string, Record<string, string>> {
  const themes: Record<string, Record<string, string>> = {};
  for (const block of themesCss.matchAll(/\[data-theme='(\w+)'\]\s*\{([^}]*)\}/g)) {
    const [, name = '', body = ''] = block;
    themes[name] = Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, key = '', value = '']) => [key, value.trim()]));
  }
  return themes;
}

type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex?.[1]) {
    const value = hex[1];
    return { rgb: [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb, alpha: 1 };
  }
  const rgba = /^rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)$/.exec(colour);
  if (!rgba) throw new Error(`not a colour: ${colour}`);
  return { rgb: [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])], alpha: Number(rgba[4]) };
}

/** A colour with transparency laid over an opaque one. */
function over(top: string, base: string): Rgb {
  const { rgb, alpha } = parse(top);
  const below = parse(base).rgb;
  return rgb.map((channel, i) => Math.round(channel * alpha + (below[i] ?? 0) * (1 - alpha))) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio. */
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// [text, background, least ratio]: the pairs the screens draw (4.5:1 for text, 3:1 for the focus ring)
const PAIRS: Array<[string, string, number]> = [
  ['btn-primary-text', 'btn-primary-bg', 4.5],
  ['btn-primary-text', 'btn-primary-hover', 4.5],
  ['btn-danger-text', 'btn-danger-bg', 4.5],
  ['btn-danger-text', 'btn-danger-hover', 4.5],
  ['btn-secondary-text', 'btn-secondary-bg', 4.5],
  ['text-primary', 'card-bg', 4.5],
  ['text-secondary', 'card-bg', 4.5],
  ['text-secondary', 'card-bg-raised', 4.5],
  ['text-secondary', 'bg', 4.5],
  ['accent', 'card-bg', 4.5],
  ['accent', 'card-bg-raised', 4.5],
  ['accent', 'bg', 3],
  ['success', 'card-bg', 4.5],
  ['error', 'card-bg', 4.5],
  ['gold', 'card-bg', 4.5],
  ['accent', 'accent-soft', 4.5],
  ['success', 'success-soft', 4.5],
  ['error', 'error-soft', 4.5],
  ['gold', 'gold-soft', 4.5],
  ['orange', 'card-bg', 3],
  ['silver', 'card-bg', 4.5],
  ['input-text', 'input-bg', 4.5],
  ['input-placeholder', 'input-bg', 4.5],
  // a field's edge must be seen (non-text contrast, WCAG 1.4.11)
  ['input-border', 'input-bg', 3],
  ['input-border', 'card-bg', 3],
];

describe('theme colours', () => {
  const themes = themeColours();

  it('defines every theme of the selector', () => {
    expect(Object.keys(themes).sort()).toEqual(THEMES.map((theme) => theme.id).sort());
  });

  it.each(THEMES.map((theme) => theme.id))('%s: text, buttons and the focus ring meet WCAG AA contrast', (id) => {
    const colours = themes[id] ?? {};
    const card = colours['card-bg'] ?? '';
    const failing = PAIRS.flatMap(([text, background, least]) => {
      // a translucent background (the soft tints) is seen over the card
      const ratio = contrast(over(colours[text] ?? '', card), over(colours[background] ?? '', card));
      return ratio >= least ? [] : [`${text} on ${background}: ${ratio.toFixed(2)} < ${least}`];
    });
    expect(failing).toEqual([]);
  });

  // a badge's tint is seen over whatever holds it: a card, or a raised row inside one (View Products)
  it.each(THEMES.map((theme) => theme.id))('%s: badges meet WCAG AA contrast on raised surfaces too', (id) => {
    const colours = themes[id] ?? {};
    const raised = colours['card-bg-raised'] ?? '';
    const failing = ['success', 'error', 'gold', 'accent'].flatMap((tone) => {
      const ratio = contrast(over(colours[tone] ?? '', raised), over(colours[`${tone}-soft`] ?? '', raised));
      return ratio >= 4.5 ? [] : [`${tone} on ${tone}-soft over card-bg-raised: ${ratio.toFixed(2)} < 4.5`];
    });
    expect(failing).toEqual([]);
  });

  it('measures the dark Sign In button of before as failing (3.67:1)', () => {
    expect(contrast(parse('#ffffff').rgb, parse('#5b7cfa').rgb)).toBeCloseTo(3.68, 1);
  });
});
