import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { FailedNotificationMail } from '@generated/model';
import { InvoicesScreen } from '../invoices/InvoicesPage';

const failed = (id: number, overrides: Partial<FailedNotificationMail> = {}): FailedNotificationMail => ({
  id,
  person: 'Bruno Buyer',
  to: 'bruno@balticbeverages.example',
  digest: false,
  kinds: ['order_item.confirmed'],
  attempts: 7,
  lastError: 'Invalid login: 535 5.7.8 Authentication failed',
  createdAt: '2026-11-25T08:00:00Z',
  failedAt: '2026-11-25T09:03:00Z',
  ...overrides,
});

function serveFailed(initial: FailedNotificationMail[], retryAnswer?: () => Response) {
  let rows = [...initial];
  const retried: unknown[] = [];
  server.use(
    http.post('*/api/admin/invoices/get', () => HttpResponse.json({ rows: [], count: 0 })),
    http.post('*/api/admin/invoice/deliveries/failed/get', () => HttpResponse.json({ rows: [], count: 0 })),
    http.post('*/api/admin/notifications/mails/failed/get', () => HttpResponse.json({ rows, count: rows.length })),
    http.post('*/api/admin/notifications/mail/retry', async ({ request }) => {
      const body = (await request.json()) as { id: number };
      retried.push(body);
      if (retryAnswer) return retryAnswer();
      rows = rows.filter((row) => row.id !== body.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return retried;
}

const panel = () => screen.findByRole('region', { name: /Notification e-mails not delivered/ });

describe("the admin's failed notification e-mails", () => {
  it('lists each with the person, address, kinds, attempts and last error; Send again queues it once and it leaves the list', async () => {
    const retried = serveFailed([failed(7), failed(8, { person: 'Clara Client', to: null, digest: true, kinds: ['invoice.sent', 'claim.status_changed'], attempts: 1, lastError: null })]);
    const user = userEvent.setup();
    renderWithProviders(<InvoicesScreen role="admin" />);
    const region = await panel();
    expect(within(region).getByRole('heading', { name: 'Notification e-mails not delivered (2)' })).toBeInTheDocument();
    const first = within(region).getByRole('listitem', { name: 'Item confirmed to Bruno Buyer' });
    expect(first).toHaveTextContent('Item confirmed for Bruno Buyer');
    expect(first).toHaveTextContent('To bruno@balticbeverages.example · 7 attempts · failed');
    expect(first).toHaveTextContent('Last error: Invalid login: 535 5.7.8 Authentication failed');
    const digest = within(region).getByRole('listitem', { name: 'Daily digest to Clara Client' });
    expect(digest).toHaveTextContent('To no address · 1 attempt ·');
    expect(digest).not.toHaveTextContent('Last error');

    await user.click(within(first).getByRole('button', { name: 'Send Item confirmed for Bruno Buyer again' }));
    await waitFor(() => expect(within(region).queryByRole('listitem', { name: /Bruno Buyer/ })).not.toBeInTheDocument());
    expect(retried).toEqual([{ id: 7 }]);
  });

  it('shows nothing while every notification e-mail went out, and nothing on the accountant face', async () => {
    serveFailed([]);
    renderWithProviders(<InvoicesScreen role="admin" />);
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: /Notification e-mails not delivered/ })).not.toBeInTheDocument();
  });

  it('a refused retry (409: sent meanwhile) says so in an alert and reloads the list', async () => {
    serveFailed([failed(7)], () => HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'The e-mail was sent already.' }, { status: 409 }));
    const user = userEvent.setup();
    renderWithProviders(<InvoicesScreen role="admin" />);
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: /Send Item confirmed for Bruno Buyer again/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/sent already/);
  });
});
