import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs, pinClock } from '../../api/src/lib/clock.js';
import { AWKWARD_INSTANTS, DATE_SENSITIVE } from '../support/instants.test-utils.js';

/**
 * Runs every date-sensitive API file again at one awkward instant, inside the calling file (one file per instant, in the
 * api project): each file is imported anew under a describe of its own (the query makes it a module of its own), so its
 * hooks, its app and its database stay its own, while the app's modules are the worker's, imported once. A project per
 * instant would start fresh workers and import the app again for each instant.
 */
export function runAtInstant(name: keyof typeof AWKWARD_INSTANTS): void {
  const instant = AWKWARD_INSTANTS[name];
  for (const file of DATE_SENSITIVE) {
    describe(`${file}, at ${name}`, async () => {
      // The file's top level (its dates) runs now, at collection; its hooks and tests run later: both at the instant.
      pinClock(instant);
      beforeAll(() => pinClock(instant));
      // The pinned clock runs on from the instant: its tests start there, not at the run's default instant.
      it(`the portal's clock starts at ${instant}`, () => {
        expect(nowMs() - Date.parse(instant)).toBeGreaterThanOrEqual(0);
        expect(nowMs() - Date.parse(instant)).toBeLessThan(10 * 60_000);
      });
      await import(`../../${file}?at=${encodeURIComponent(name)}`);
    });
  }
}
