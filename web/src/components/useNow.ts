import { useEffect, useState } from 'react';
import { now as clockNow } from './clock';

/** A screen's clock (`clock.ts`), moved on every `everyMs`: what depends on "now" (an open stop) moves without a reload. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => clockNow());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(clockNow()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
