import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

/** The retry waits of webhook deliveries are configuration, within bounds: a receiver is never hammered nor forgotten. */
describe('WEBHOOK_RETRY_SECONDS', () => {
  const retries = (value: string) => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SECONDS: value }).WEBHOOK_RETRY_SECONDS;

  it('is 30 s, 2 min, 15 min, 1 h, 6 h and 24 h by default, and takes short waits (as the end-to-end test does)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).WEBHOOK_RETRY_SECONDS).toEqual([30, 120, 900, 3600, 21600, 86400]);
    expect(retries('1,2')).toEqual([1, 2]);
    expect(retries('604800')).toEqual([604_800]);
  });

  it.each([['0'], ['5,0'], ['604801'], [Array.from({ length: 21 }, () => '1').join(',')], ['30,,120'], ['-1']])('refuses %s, naming the variable', (value) => {
    expect(() => retries(value)).toThrow(/WEBHOOK_RETRY_SECONDS/);
  });
});
