import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2.2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour of a 'light' variant (the active menu entry, light chips and badges): the colour's 9th shade,
 * darkened in steps until it reads at least 4.5:1 (WCAG 1.4.3) on each of the backgrounds it is shown on. Mantine's
 * own 9th shade does not on every colour: green 9 on green 1 reads 3.96:1, yellow 9 on yellow 1 2.7:1, and blue 9 on
 * blue 2 (a hovered active entry) 3.9:1. On dark backgrounds the shade is lightened instead (`towards: 'light'`),
 * ending at white.
 */
export function readableOn(shade: string, backgrounds: string[], minimum = 4.5, towards: 'dark' | 'light' = 'dark'): string {
  const step = towards === 'dark' ? darken : lighten;
  for (let amount = 0; amount < 1; amount += 0.05) {
    const color = amount === 0 ? shade : step(shade, amount);
    if (backgrounds.every((background) => contrastRatio(color, background) >= minimum)) return color;
  }
  return towards === 'dark' ? '#000' : '#fff';
}
