import { describe, expect, it } from 'vitest';
import { formatAbbreviated, formatCapitalized, formatDateTime, formatListDate, formatNumber, formatPercent } from './format';

describe('display helpers of part 9', () => {
  it('numbers use thousands separators; decimals keep two places; a missing number is blank', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-10000)).toBe('-10,000');
    expect(formatNumber(28.456)).toBe('28.46');
    expect(formatNumber(null)).toBe('');
  });

  it('stock numbers are abbreviated with k and M', () => {
    expect(formatAbbreviated(950)).toBe('950');
    expect(formatAbbreviated(12500)).toBe('12.5k');
    expect(formatAbbreviated(180000)).toBe('180k');
    expect(formatAbbreviated(3200000)).toBe('3.2M');
    expect(formatAbbreviated(-4000)).toBe('-4k');
    expect(formatAbbreviated(undefined)).toBe('');
  });

  it('lists show dates as DD.MM.YYYY', () => {
    expect(formatListDate('2026-03-16')).toBe('16.03.2026');
    expect(formatListDate('not a date')).toBe('');
  });

  it('timestamps read DD.MM.YYYY HH:mm in the local time zone', () => {
    expect(formatDateTime(new Date(2026, 2, 10, 6, 5).toISOString())).toBe('10.03.2026 06:05');
    expect(formatDateTime('garbage')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('a part reads as a percent: x100, no decimals', () => {
    expect(formatPercent(0.6)).toBe('60%');
    expect(formatPercent(0.666)).toBe('67%');
    expect(formatPercent(1.2)).toBe('120%');
  });

  it('capitalises words: claim statuses read New, Under Investigation, Closed', () => {
    expect(formatCapitalized('new')).toBe('New');
    expect(formatCapitalized('closed')).toBe('Closed');
    expect(formatCapitalized('under investigation')).toBe('Under Investigation');
    expect(formatCapitalized('PET 28g')).toBe('PET 28g');
    expect(formatCapitalized(undefined)).toBe('');
  });
});
