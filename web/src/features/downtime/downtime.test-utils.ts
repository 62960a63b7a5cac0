import { vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { DowntimeCause, DowntimeHistoryItem } from '@generated/model';

/** Test fixtures of the downtime screens (component tests only). */
export const NORDIC = '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40';
export const BALTIC = 'c4a9e2b7-1f63-4d0a-8e25-9b7f3a6d5c18';

export const CAUSES: DowntimeCause[] = [
  { id: 3, causeName: 'Mould change', causeDescription: 'Planned change of the blow mould.', productCount: 12, version: 1 },
  { id: 4, causeName: 'Preform shortage', causeDescription: 'No preforms of the right kind at the machine.', productCount: 0, version: 0 },
];

export function stop(id: number, overrides: Partial<DowntimeHistoryItem> = {}): DowntimeHistoryItem {
  return {
    id,
    clientId: NORDIC,
    company: 'Nordic Springs AB',
    machineName: 'FB-04',
    causeId: 3,
    DowntimeCause: { id: 3, causeName: 'Mould change' },
    actualDate: '2026-03-10',
    duration: 95,
    targetStart: '2026-03-10T06:20:00Z',
    targetEnd: '2026-03-10T07:55:00Z',
    version: 1,
    ...overrides,
  };
}

export const STOPS = [
  stop(501),
  stop(502, { machineName: 'FB-07', causeId: null, DowntimeCause: null, actualDate: '2026-03-12', duration: 40, targetStart: '2026-03-12T13:05:00Z', targetEnd: '2026-03-12T13:45:00Z', version: 0 }),
];

export interface HistoryBody {
  pagination: { page: number; rowsPerPage: number; sortBy?: string; descending?: boolean };
  period: { from: string; to: string };
  clientIds?: string[];
}

const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: status === 409 ? 'Conflict' : 'Error', status, detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/**
 * Serves one face's history calls (`face` is 'admin' or 'operator'): the list (as given, whatever the page), the
 * causes, the cause save (answers the saved stop, or `saveProblem`) and the CSV export. Records the bodies.
 */
export function serveHistory(face: 'admin' | 'operator', options: { rows?: DowntimeHistoryItem[]; saveProblem?: [number, string] } = {}) {
  const rows = options.rows ?? STOPS;
  const lists: HistoryBody[] = [];
  const saves: unknown[] = [];
  const exports: unknown[] = [];
  server.use(
    http.post(`*/api/${face}/downtime/history/get`, async ({ request }) => {
      lists.push((await request.json()) as HistoryBody);
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post(`*/api/${face}/downtime/causes/get`, () => HttpResponse.json({ rows: CAUSES, count: CAUSES.length })),
    http.post(`*/api/${face}/downtime/history/save`, async ({ request }) => {
      const body = (await request.json()) as { historyItem: { id: number; causeId: number } };
      saves.push(body);
      if (options.saveProblem) return problem(...options.saveProblem);
      const cause = CAUSES.find((candidate) => candidate.id === body.historyItem.causeId)!;
      const saved = rows.find((row) => row.id === body.historyItem.id)!;
      return HttpResponse.json({ ...saved, causeId: cause.id, DowntimeCause: { id: cause.id, causeName: cause.causeName }, version: saved.version + 1 });
    }),
    http.post(`*/api/${face}/downtime/history/export`, async ({ request }) => {
      exports.push(await request.json());
      return new HttpResponse('\uFEFFMachine Name;Inactivity cause\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="history-table-export.csv"' },
      });
    }),
  );
  return { lists, saves, exports };
}

export { problem };

/** The table's column titles (sortable headers are buttons, so not read by role). */
export const headers = () => [...document.querySelectorAll('thead th')].map((header) => header.textContent);

/** Lets saveFile() run in jsdom and records the names of the files it saves. */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
