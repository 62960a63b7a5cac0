import { useEffect, useState } from 'react';

/** The wall clock of a screen, moved on every `everyMs`, so what depends on "now" (an open stop) moves without a reload. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
