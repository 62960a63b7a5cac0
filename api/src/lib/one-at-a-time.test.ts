import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

/** A computation the test ends by hand: `runs` lists them in the order they started. */
function computations() {
  const runs: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { runs, compute };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('oneAtATime', () => {
  it('runs one computation at a time: callers during a run share the next one, which starts when the run ends', async () => {
    const { runs, compute } = computations();
    const shared = oneAtATime(compute);
    const key = {};
    const first = shared(key);
    const [second, third] = [shared(key), shared(key)];
    expect(second).toBe(third);
    await settle();
    expect(runs).toHaveLength(1);

    runs[0]!.resolve(1);
    expect(await first).toBe(1);
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    expect(await second).toBe(2);

    // Nothing runs any more: the next caller starts a computation of its own.
    await settle();
    const fourth = shared(key);
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    expect(await fourth).toBe(3);
  });

  it('a failed run fails its own callers only; those waiting get the next run', async () => {
    const { runs, compute } = computations();
    const shared = oneAtATime(compute);
    const key = {};
    const first = shared(key);
    const waiting = shared(key);
    runs[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    runs[1]!.resolve(7);
    expect(await waiting).toBe(7);
  });

  it('keys do not wait for each other', async () => {
    const { runs, compute } = computations();
    const shared = oneAtATime(compute);
    void shared({});
    void shared({});
    await settle();
    expect(runs).toHaveLength(2);
  });
});
