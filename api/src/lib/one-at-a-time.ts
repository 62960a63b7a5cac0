/**
 * Runs `compute` for a key (a database) one at a time, however many callers ask at once. A caller who arrives while a
 * computation runs waits for the next one, which starts when that one ends and is shared by everyone who arrived
 * meanwhile: the running one may have read before the caller's own last write, the next one reads after it. So ten
 * concurrent requests make at most two computations, one after the other, instead of ten at once.
 */
export function oneAtATime<K extends object, T>(compute: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const flights = new WeakMap<K, { running: Promise<T>; next: Promise<T> | null }>();
  const start = (key: K, running: Promise<T>) => {
    flights.set(key, { running, next: null });
    const settled = () => {
      const flight = flights.get(key);
      if (flight?.running !== running) return;
      if (flight.next) start(key, flight.next);
      else flights.delete(key);
    };
    running.then(settled, settled);
    return running;
  };
  return (key) => {
    const flight = flights.get(key);
    if (!flight) return start(key, compute(key));
    flight.next ??= flight.running.then(
      () => compute(key),
      () => compute(key),
    );
    return flight.next;
  };
}
