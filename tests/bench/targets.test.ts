import { describe, expect, it } from 'vitest';
import { judgeTargets, type CallFigures } from './targets.js';

const call = (overrides: Partial<CallFigures> & { name: string }): CallFigures => ({
  download: false,
  apiP95: 10,
  apiErrors: 0,
  apiP50: 3,
  apiRps: 2000,
  sqlP50: 2,
  sqlRps: 2500,
  statements: 2,
  serviceStatements: 1,
  ...overrides,
});

const line = (lines: ReturnType<typeof judgeTargets>, starts: string) => {
  const found = lines.find((l) => l.target.startsWith(starts));
  if (!found) throw new Error(`no target ${starts}`);
  return found;
};

describe("the bench's judgement against the targets", () => {
  it('counts a p95 of exactly 50 ms as a miss: the target is under 50 ms', () => {
    const lines = judgeTargets([call({ name: 'at 49.9', apiP95: 49.9 }), call({ name: 'at 50', apiP95: 50 })], 200);
    expect(line(lines, 'p95 under 50 ms')).toEqual({
      target: 'p95 under 50 ms at 10 connections, without errors',
      met: 1,
      of: 2,
      misses: [{ name: 'at 50', figure: 'p95 50.0 ms' }],
    });
  });

  it('counts a fast call with errors as a miss: shed requests answer fast', () => {
    const lines = judgeTargets([call({ name: 'shed', apiP95: 10.9, apiErrors: 778 })], 200);
    expect(line(lines, 'p95 under 50 ms').misses).toEqual([{ name: 'shed', figure: 'p95 10.9 ms, 778 errors' }]);
  });

  it('judges the API against the bare SQL: p50 within 1.5× and throughput at least 0.7×', () => {
    const lines = judgeTargets(
      [
        call({ name: 'close to its SQL', apiP50: 3, sqlP50: 2, apiRps: 700, sqlRps: 1000 }),
        call({ name: 'slow beside its SQL', apiP50: 3.1, sqlP50: 2, apiRps: 699, sqlRps: 1000 }),
        call({ name: 'nothing to replay', sqlP50: Number.NaN, sqlRps: 0 }),
      ],
      200,
    );
    expect(line(lines, 'API p50').misses).toEqual([{ name: 'slow beside its SQL', figure: '1.55× (3.1 against 2.0 ms)' }]);
    expect(line(lines, 'API p50').of).toBe(2);
    expect(line(lines, 'API throughput').misses).toEqual([{ name: 'slow beside its SQL', figure: '0.70× (699 against 1000 req/s)' }]);
  });

  it('asks 1,000 req/s of list pages of 20 rows only, and at most 3 statements of every list, the gate counted', () => {
    const lines = judgeTargets(
      [
        call({ name: 'page of 20', rowsPerPage: 20, apiRps: 999, statements: 4, serviceStatements: 3 }),
        call({ name: 'page of 10', rowsPerPage: 10, apiRps: 400 }),
        call({ name: 'a record', apiRps: 300, statements: 5, serviceStatements: 4 }),
        call({ name: 'a PDF', download: true, rowsPerPage: 20, apiRps: 5 }),
      ],
      200,
    );
    expect(line(lines, 'at least 1000 req/s')).toMatchObject({ met: 0, of: 1, misses: [{ name: 'page of 20', figure: '999 req/s' }] });
    expect(line(lines, 'at most 3 statements')).toMatchObject({ met: 1, of: 2, misses: [{ name: 'page of 20', figure: '4 (3 of the service)' }] });
  });

  it("judges the whole run's peak RSS and each first screen", () => {
    const lines = judgeTargets([call({ name: 'me' })], 250, [
      { screen: 'sign-in page', jsKb: 16.8, lcpMs: 264 },
      { screen: 'client (Portfolio)', jsKb: 147.9, lcpMs: Number.NaN },
    ]);
    expect(line(lines, 'API peak RSS').misses).toEqual([{ name: 'the whole bench', figure: '250 MB' }]);
    expect(line(lines, 'first screen: at most').misses).toEqual([{ name: 'client (Portfolio)', figure: '147.9 kB' }]);
    expect(line(lines, 'first screen: largest').misses).toEqual([{ name: 'client (Portfolio)', figure: 'none reported' }]);
  });

  it('leaves the first screen out when the run did not measure it', () => {
    expect(judgeTargets([call({ name: 'me' })], 200).map((l) => l.target)).not.toContain('first screen: at most 120 kB of JavaScript');
  });
});
