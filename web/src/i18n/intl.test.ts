import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLocale } from './i18n';
import { formatDateTime, formatListDate, formatNumber, formatPercent } from '../components/format';
import { dayInputProps, formatDay, parseDay, REPORT_FORMAT } from '../components/dates';
import { MESSAGES } from '../api/messages';

// Intl separates thousands with a no-break space in these languages; compared as a plain space.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates, numbers and texts in the chosen language', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it("loads only the chosen language's catalogue and marks the page with its language", async () => {
    await activateLocale('sv');
    expect(i18n.locale).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(MESSAGES.required).toBe('Fältet är obligatoriskt.');
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(MESSAGES.required).toBe('Field is required.');
    // Chosen again: its catalogue is not loaded twice, and its texts are still there.
    await activateLocale('sv');
    expect(MESSAGES.required).toBe('Fältet är obligatoriskt.');
  });

  it('keeps a language\'s texts when it is chosen again after another', async () => {
    await activateLocale('sv');
    await activateLocale('en');
    await activateLocale('sv');
    expect(MESSAGES.required).toBe('Fältet är obligatoriskt.');
  });

  it('writes numbers and percentages as Swedish does, and English keeps the en-US grouping', async () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatPercent(0.666)).toBe('67%');
    await activateLocale('sv');
    expect(plain(formatNumber(1234567.5))).toBe('1 234 567,5');
    expect(plain(formatPercent(0.666))).toBe('67 %');
  });

  it("writes and reads days as each language does; English keeps the spec's formats", async () => {
    expect(formatListDate('2026-12-07')).toBe('07.12.2026');
    expect(formatDay('2026-12-07', REPORT_FORMAT)).toBe('12.07.2026');
    await activateLocale('sv');
    expect(formatListDate('2026-12-07')).toBe('2026-12-07');
    expect(formatDay('2026-12-07', REPORT_FORMAT)).toBe('2026-12-07');
    expect(dayInputProps().placeholder).toBe('ÅÅÅÅ-MM-DD');
    expect(parseDay('2026-12-07', REPORT_FORMAT)).toBe('2026-12-07');
    await activateLocale('fi');
    expect(formatListDate('2026-12-07')).toBe('07.12.2026');
    expect(formatDateTime('2026-12-07T13:05:00')).toBe('07.12.2026 13.05');
    expect(dayInputProps().placeholder).toBe('PP.KK.VVVV');
    expect(parseDay('7.12.2026', REPORT_FORMAT)).toBe('2026-12-07');
    await activateLocale('lv');
    expect(parseDay('07.12.2026.', REPORT_FORMAT)).toBe('2026-12-07');
  });

  it('lengthens and accents the English texts in the pseudo-locale, and keeps their placeholders', async () => {
    await activateLocale('pseudo');
    expect(MESSAGES.required).not.toBe('Field is required.');
    expect(MESSAGES.required).toMatch(/[À-ž]/);
    expect(MESSAGES.tooLong(120)).toContain('120');
  });
});
