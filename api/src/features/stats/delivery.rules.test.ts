import { describe, expect, it } from 'vitest';
import { forecastAccuracy, rate, weightedForecastAccuracy } from './delivery.rules.js';

describe('delivery figures', () => {
  it('forecast accuracy is symmetric and bounded', () => {
    expect(forecastAccuracy(10_000, 8_000)).toBeCloseTo(0.8);
    expect(forecastAccuracy(8_000, 10_000)).toBeCloseTo(0.8);
    expect(forecastAccuracy(10_000, 0)).toBe(0);
    expect(forecastAccuracy(0, 0)).toBe(1);
  });

  it('forecast accuracy over many product-months weighs large products more', () => {
    expect(weightedForecastAccuracy([{ forecast: 100_000, actual: 90_000 }, { forecast: 1_000, actual: 0 }])).toBeCloseTo(1 - 11_000 / 101_000);
    expect(weightedForecastAccuracy([])).toBeNull();
    expect(weightedForecastAccuracy([{ forecast: 0, actual: 0 }])).toBeNull();
  });

  it('a rate of nothing is null, not zero', () => {
    expect(rate(3, 4)).toBe(0.75);
    expect(rate(0, 0)).toBeNull();
  });
});
