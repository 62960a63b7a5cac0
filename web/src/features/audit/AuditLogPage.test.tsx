import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { currentMonth } from '../downtime/downtimeFormat';
import { captureDownloads } from '../downtime/downtime.test-utils';
import AuditLogPage from './AuditLogPage';
import { activateLocale } from '../../i18n/i18n';
import { formatDay } from '../../components/dates';
import { ORDINARY_WEDNESDAY, pinClock } from '../../test/clock.test-utils';

function serveExport(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/admin/audit/export', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

afterEach(() => vi.restoreAllMocks());

describe("admin 'Audit log' (/audit)", { timeout: 30_000 }, () => {
  // Any ordinary day: the period opens on the current month, whichever day that is.
  pinClock(ORDINARY_WEDNESDAY);
  it('downloads the CSV of the chosen period, the current month at first', async () => {
    const bodies = serveExport(
      () =>
        new HttpResponse('\uFEFFId;Seq\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="audit-log-x.csv"' },
        }),
    );
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithProviders(<AuditLogPage />);
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-x.csv']));
    expect(bodies).toEqual([{ period: currentMonth() }]);
  });

  it("says why an export failed (the server's reason)", async () => {
    serveExport(() =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'More than 100000 audit entries: export a shorter period.' },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithProviders(<AuditLogPage />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('More than 100000 audit entries: export a shorter period.')).toBeInTheDocument();
    expect(screen.getByText('Export failed')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('speaks Swedish to a Swedish admin, the period written as Swedish writes a day', async () => {
    await activateLocale('sv');
    onTestFinished(async () => {
      await activateLocale('en');
    });
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByRole('heading', { name: 'Granskningslogg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ladda ned CSV' })).toBeInTheDocument();
    expect(screen.getByText(/^Inloggningar, misslyckade inloggningar/)).toBeInTheDocument();
    // Swedish writes the first of the month as ISO 8601 (2026-11-01), where English writes 01.11.2026.
    const { from } = currentMonth();
    expect(formatDay(from)).toBe(from);
    expect(screen.getByText(new RegExp(`^${from}`))).toBeInTheDocument();
  });
});
