import type { ReactElement } from 'react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { DowntimeAnalytics, LiveMachineStatus, LiveStatus, LiveStatusQuery, MachineOee, OeeFigure } from '@generated/model';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { renderWithProviders } from '../../test/render.test-utils';

export const NORDIC = '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40';
export const BALTIC = '0c5e2a9b-7f14-4d3e-8b21-6a9f0e4d3c12';

/** Tests: renders a page inside the app context of the signed-in `role` (admin, operator, client…). */
export function renderAs(role: string, page: ReactElement) {
  const session = mockSession(role);
  return renderWithProviders(
    <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>{page}</AppContext.Provider>,
  );
}

/**
 * Tests: answers `POST /api/{face}/machines/{path}` with `answer(body)` (a JSON body, or a status code for a problem; or a promise of one)
 * and records the bodies it received.
 */
export function serveMachines<Body>(face: 'admin' | 'operator' | 'client', path: string, answer: (body: Body) => unknown) {
  const bodies: Body[] = [];
  server.use(
    http.post(`*/api/${face}/machines/${path}`, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      const result = await answer(body);
      if (typeof result === 'number') {
        return HttpResponse.json(
          { type: 'about:blank', title: 'Service Unavailable', status: result, detail: 'The database is not reachable.' },
          { status: result, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json(result as object);
    }),
  );
  return bodies;
}

export const LIVE: LiveMachineStatus[] = [
  { clientId: NORDIC, company: 'Nordic Springs AB', machineName: 'FB-101', state: 'running', since: '2026-11-24T05:00:00Z', DowntimeCause: null, downtimeId: null },
  {
    clientId: NORDIC,
    company: 'Nordic Springs AB',
    machineName: 'FB-102',
    state: 'stopped',
    since: '2026-11-24T06:20:00Z',
    DowntimeCause: { id: 3, causeName: 'Mould change' },
    downtimeId: 501,
  },
  { clientId: BALTIC, company: 'Baltic Beverages SIA', machineName: 'FB-301', state: 'stopped', since: '2026-11-24T07:00:00Z', DowntimeCause: null, downtimeId: 502 },
  { clientId: BALTIC, company: 'Baltic Beverages SIA', machineName: 'FB-302', state: 'unknown', since: null, DowntimeCause: null, downtimeId: null },
];

/**
 * The live status answer to `body` over `rows`, as the contract describes it: the machines in `state`, the
 * page `machinePage` of them, `machineCount` of them all, and every state counted.
 */
export function liveStatusOf(rows: LiveMachineStatus[], body: LiveStatusQuery = {}): LiveStatus {
  const count = (state: LiveMachineStatus['state']) => rows.filter((row) => row.state === state).length;
  const matching = body.state ? rows.filter((row) => row.state === body.state) : rows;
  const page = body.machinePage;
  return {
    rows: page ? matching.slice((page.page - 1) * page.rowsPerPage, page.page * page.rowsPerPage) : matching,
    machineCount: matching.length,
    counts: { running: count('running'), stopped: count('stopped'), unknown: count('unknown') },
  };
}

/** A figure of 8 h planned, 7 h 12 min producing (90 %), 95 % performance, 24,132 good of 24,624 (98 %). */
export const FIGURE: OeeFigure = {
  availability: 0.9,
  performance: 0.95,
  quality: 0.98,
  oee: 0.8379,
  band: 'medium',
  coverage: 0.83,
  plannedBusyTime: 28_800,
  actualProductionTime: 25_920,
  producedQuantity: 24_624,
  goodQuantity: 24_132,
  scrapQuantity: 492,
  rejectedQuantity: 1_200,
};

export const OEE: MachineOee[] = [
  {
    clientId: NORDIC,
    company: 'Nordic Springs AB',
    machineName: 'FB-101',
    total: FIGURE,
    buckets: [
      { ...FIGURE, from: '2026-11-10T00:00:00Z', to: '2026-11-11T00:00:00Z', availability: 0.5, oee: 0.4655, band: 'bad' },
      { ...FIGURE, from: '2026-11-09T00:00:00Z', to: '2026-11-10T00:00:00Z' },
    ],
  },
];

export const ANALYTICS: DowntimeAnalytics = {
  pareto: [
    { causeId: null, causeName: null, planned: false, hours: 1.5, count: 2 },
    { causeId: 3, causeName: 'Mould change', planned: true, hours: 12.5, count: 8 },
    { causeId: 4, causeName: 'Power outage', planned: false, hours: 6, count: 1 },
  ],
  machines: [{ clientId: NORDIC, company: 'Nordic Springs AB', machineName: 'FB-101', stops: 10, mtbfHours: 70.44, mttrHours: 1.42 }],
  weekly: [
    { weekStart: '2026-11-02', hours: 6, count: 4 },
    { weekStart: '2026-11-09', hours: 8, count: 6 },
  ],
};
