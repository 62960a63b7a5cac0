/**
 * Delivery figures, as docs/supply-planning.md defines them. On-time-in-full, fill rate and the
 * suppliers' on-time rate are counts, made in SQL (stats/delivery.repository.ts) and tested against PostgreSQL;
 * forecast accuracy and the rates are made here.
 */

/**
 * Forecast accuracy of one product and month: 1 − |actual − forecast| / max(actual, forecast), between 0 and 1; 1
 * when both are 0. Symmetric, so an over-forecast and an under-forecast of the same size score the same, and
 * defined when nothing was ordered.
 */
export function forecastAccuracy(forecast: number, actual: number): number {
  const larger = Math.max(forecast, actual);
  if (larger === 0) return 1;
  return 1 - Math.abs(actual - forecast) / larger;
}

/**
 * Forecast accuracy over many product-months: 1 − Σ|actual − forecast| / Σ max(actual, forecast), so that large
 * products weigh more than small ones; null when there is nothing to compare.
 */
export function weightedForecastAccuracy(lines: readonly { forecast: number; actual: number }[]): number | null {
  let errors = 0;
  let scale = 0;
  for (const line of lines) {
    errors += Math.abs(line.actual - line.forecast);
    scale += Math.max(line.actual, line.forecast);
  }
  return accuracyOf(errors, scale);
}

/**
 * The same from its two sums, Σ|actual − forecast| and Σ max(actual, forecast), as the admin's ranking reads them per
 * company (kept by triggers); null when there is nothing to compare.
 */
export function accuracyOf(errors: number, scale: number): number | null {
  return scale === 0 ? null : 1 - errors / scale;
}

/** `part / whole`, null when there is no whole. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
