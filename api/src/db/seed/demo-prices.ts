import { now as clockNow } from '../../lib/clock.js';
/** Demo price per 1,000 bottles by article number: client inventory prices and invoices use the same ones. */
export const DEMO_PRICES: Record<string, number> = {
  'NS-0500': 42.5,
  'NS-0330': 36.8,
  'NS-1500': 58.9,
  'FW-0500S': 465,
  'FW-0500G': 489.5,
  'AC-1000J': 61.2,
  'AC-1000M': 64.75,
  'BB-0500K': 44.1,
};

/** The first and last day of the month `offset` months from this one, YYYY-MM-DD (UTC). */
export function monthRange(offset: number): { from: string; to: string } {
  const now = clockNow();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
