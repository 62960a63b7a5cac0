import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { FailedDelivery } from '@generated/model';
import { InvoicesScreen } from './InvoicesPage';

const failed = (id: number, invoiceNumber: string, overrides: Partial<FailedDelivery> = {}): FailedDelivery => ({
  id,
  invoiceId: id + 100,
  invoiceNumber,
  company: 'Nordic Springs AB',
  to: 'billing@nordic-springs.example',
  subject: `Invoice ${invoiceNumber} from Orders Portal Packaging`,
  attempts: 7,
  lastError: '550 Mailbox unavailable: billing@nordic-springs.example',
  createdAt: '2026-11-25T08:00:00Z',
  failedAt: '2026-11-25T08:31:00Z',
  ...overrides,
});

/** The dead letters the API holds (the retried one leaves) and the ids the admin sent again. */
function serveFailed(initial: FailedDelivery[], retryAnswer?: () => Response) {
  let rows = [...initial];
  const retried: unknown[] = [];
  server.use(
    http.post('*/api/admin/invoices/get', () => HttpResponse.json({ rows: [], count: 0 })),
    http.post('*/api/admin/invoice/deliveries/failed/get', () => HttpResponse.json({ rows, count: rows.length })),
    http.post('*/api/admin/invoice/delivery/retry', async ({ request }) => {
      const body = (await request.json()) as { id: number };
      retried.push(body);
      if (retryAnswer) return retryAnswer();
      rows = rows.filter((row) => row.id !== body.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return retried;
}

const panel = () => screen.findByRole('region', { name: /E-mails not delivered/ });

describe("the admin's failed deliveries", () => {
  it('lists each dead-lettered e-mail with its recipient, attempts and last error; Send again queues it once and it leaves the list', async () => {
    const retried = serveFailed([failed(12, 'INV-2026-0342'), failed(13, 'INV-2026-0343', { to: 'ap@fjord.example', company: 'Fjord Water AS', lastError: 'connect ECONNREFUSED 10.0.0.25:587', attempts: 1 })]);
    const user = userEvent.setup();
    renderWithProviders(<InvoicesScreen role="admin" />);
    const region = await panel();
    expect(within(region).getByRole('heading', { name: 'E-mails not delivered (2)' })).toBeInTheDocument();
    const first = within(region).getByRole('listitem', { name: 'Invoice INV-2026-0342 to billing@nordic-springs.example' });
    expect(first).toHaveTextContent('Invoice INV-2026-0342 for Nordic Springs AB');
    expect(first).toHaveTextContent('To billing@nordic-springs.example · 7 attempts · failed');
    expect(first).toHaveTextContent('Last error: 550 Mailbox unavailable: billing@nordic-springs.example');
    const second = within(region).getByRole('listitem', { name: 'Invoice INV-2026-0343 to ap@fjord.example' });
    expect(second).toHaveTextContent('1 attempt ·');
    expect(second).toHaveTextContent('Last error: connect ECONNREFUSED 10.0.0.25:587');

    await user.click(within(second).getByRole('button', { name: 'Send Invoice INV-2026-0343 to ap@fjord.example again' }));
    await waitFor(() => expect(within(region).queryByRole('listitem', { name: /INV-2026-0343/ })).not.toBeInTheDocument());
    expect(retried).toEqual([{ id: 13 }]);
    expect(within(region).getByRole('heading', { name: 'E-mails not delivered (1)' })).toBeInTheDocument();
    expect(within(region).getByRole('listitem', { name: /INV-2026-0342/ })).toBeInTheDocument();
  });

  it('says why when the retry is refused, and keeps the e-mail listed', async () => {
    const retried = serveFailed([failed(12, 'INV-2026-0342')], () =>
      HttpResponse.json(
        { title: 'Conflict', status: 409, detail: 'The message was sent already.' },
        { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<InvoicesScreen role="admin" />);
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: /^Send Invoice INV-2026-0342/ }));
    expect(await screen.findByText('E-mail not queued')).toBeInTheDocument();
    expect(retried).toEqual([{ id: 12 }]);
    expect(within(region).getByRole('listitem', { name: /INV-2026-0342/ })).toBeInTheDocument();
  });

  it('shows nothing while every e-mail went out, and nothing to the accountant, who may not list them', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/:role/invoices/get', () => HttpResponse.json({ rows: [], count: 0 })),
      http.post('*/api/admin/invoice/deliveries/failed/get', () => {
        calls.push('failed');
        return HttpResponse.json({ rows: [], count: 0 });
      }),
    );
    const { unmount } = renderWithProviders(<InvoicesScreen role="admin" />);
    await waitFor(() => expect(calls).toEqual(['failed']));
    await screen.findByText('No invoices yet.');
    expect(screen.queryByRole('region', { name: /E-mails not delivered/ })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<InvoicesScreen role="accountant" />);
    await screen.findByText('No invoices yet.');
    expect(calls).toEqual(['failed']);
    expect(screen.queryByRole('region', { name: /E-mails not delivered/ })).not.toBeInTheDocument();
  });
});
