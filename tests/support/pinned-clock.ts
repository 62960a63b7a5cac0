import { pinClock } from '../../api/src/lib/clock.js';
import { DEFAULT_TEST_NOW } from './instants.test-utils.js';

// Before each API test file: the portal's clock reads the run's instant (tests/support/instants.test-utils.ts).
pinClock(process.env.TEST_NOW ?? DEFAULT_TEST_NOW);
