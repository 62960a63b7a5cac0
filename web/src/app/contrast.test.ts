import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, readableOn } from './contrast';
import { cssVariablesResolver, theme } from './providers';
import { mergeMantineTheme } from '@mantine/core';

describe('contrast (WCAG 2.2, 1.4.3)', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1864ab', '#1864ab')).toBeCloseTo(1, 5);
  });

  it('keeps a shade that already reads 4.5:1 and darkens one that does not', () => {
    expect(readableOn('#1864ab', ['#e7f5ff'])).toBe('#1864ab');
    const green = readableOn(DEFAULT_THEME.colors.green[9], [DEFAULT_THEME.colors.green[1]]);
    expect(contrastRatio(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1])).toBeLessThan(4.5);
    expect(contrastRatio(green, DEFAULT_THEME.colors.green[1])).toBeGreaterThanOrEqual(4.5);
    // no darker than it must be: the colour stays green, not black
    expect(contrastRatio(green, DEFAULT_THEME.colors.green[1])).toBeLessThan(5.5);
  });

  it('answers black when no shade of the colour can reach the contrast asked for', () => {
    expect(readableOn('#2b8a3e', ['#ffffff'], 22)).toBe('#000');
  });

  it('lightens a shade on dark backgrounds, no further than it must', () => {
    const dimmed = readableOn('#828282', ['#242424'], 4.5, 'light');
    expect(contrastRatio('#828282', '#242424')).toBeLessThan(4.5);
    expect(contrastRatio(dimmed, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmed, '#242424')).toBeLessThan(5.5);
    expect(readableOn('#828282', ['#ffffff'], 4.5, 'light')).toBe('#fff');
  });

  it('dimmed text reads at least 4.5:1 in the dark scheme on the page, a striped row and a hovered row', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const { dark } = cssVariablesResolver(merged);
    const dimmed = dark['--mantine-color-dimmed'];
    for (const shade of [7, 6, 5]) expect(contrastRatio(dimmed, merged.colors.dark[shade]), `on dark ${shade}`).toBeGreaterThanOrEqual(4.5);
    // still dimmed: darker than the scheme's text (dark 0)
    expect(contrastRatio(dimmed, merged.colors.dark[7])).toBeLessThan(contrastRatio(merged.colors.dark[0], merged.colors.dark[7]));
  });

  it("every colour's light-variant text reads at least 4.5:1 on its light background and on its hover", () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const { light } = cssVariablesResolver(merged);
    for (const [name, shades] of Object.entries(merged.colors)) {
      const text = light[`--mantine-color-${name}-light-color`];
      expect(contrastRatio(text, shades[1]), `${name} on light`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, shades[2]), `${name} on light hover`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("every colour's text (c=\"green\", a stock increase) reads at least 4.5:1 on white and on a hovered row", () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const { light } = cssVariablesResolver(merged);
    for (const name of Object.keys(merged.colors)) {
      const text = light[`--mantine-color-${name}-text`];
      expect(contrastRatio(text, '#ffffff'), `${name} on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, merged.colors.gray[1]), `${name} on gray 1`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
