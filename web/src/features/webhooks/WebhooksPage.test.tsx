import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { speakLocale } from '../../test/locale.test-utils';
import WebhooksPage from './WebhooksPage';

const ENDPOINT = {
  id: 3, url: 'https://erp.example.com/hooks/portal', eventTypes: ['order.created'], companyId: null, enabled: true, disabledReason: null,
  secretHint: 'whsec_Zm9v', previousSecretValidUntil: null, createdAt: '2026-12-02T09:00:00Z', version: 0,
};

describe('/webhooks', () => {
  it('lists the endpoints with their events and state, and an endpoint\'s recent deliveries', async () => {
    server.use(
      http.post('*/api/webhooks/get', () => HttpResponse.json({ rows: [ENDPOINT] })),
      http.post('*/api/webhook/deliveries/get', () =>
        HttpResponse.json({ rows: [{ id: 41, eventId: '0b6f3c2e-8d44-4f1a-9c2b-5e7a1d9f0c31', eventType: 'order.created', status: 'delivered', attempts: 2, lastStatusCode: 200, lastResponse: 'ok', lastAttemptAt: '2026-12-02T09:00:31Z', nextAttemptAt: null, createdAt: '2026-12-02T09:00:00Z' }] }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />);
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(await within(table).findByText('https://erp.example.com/hooks/portal')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Endpoint/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'https://erp.example.com/hooks/portal' }));
    const deliveries = await screen.findByRole('table', { name: 'Recent deliveries' });
    expect(await within(deliveries).findByText('delivered')).toBeInTheDocument();
    expect(within(deliveries).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });

  it('speaks Norwegian: the endpoints, a delivery with its status and Norwegian date, and the dialog', { timeout: 40_000 }, async () => {
    server.use(
      http.post('*/api/webhooks/get', () => HttpResponse.json({ rows: [ENDPOINT] })),
      http.post('*/api/webhook/deliveries/get', () =>
        HttpResponse.json({ rows: [{ id: 41, eventId: '0b6f3c2e-8d44-4f1a-9c2b-5e7a1d9f0c31', eventType: 'order.created', status: 'failed', attempts: 12, lastStatusCode: 500, lastResponse: 'down', lastAttemptAt: '2026-12-02T09:00:31Z', nextAttemptAt: null, createdAt: '2026-12-02T09:00:00Z' }] }),
      ),
    );
    await speakLocale('nb');
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />);
    const table = await screen.findByRole('table', { name: 'Webhook-mottakere' });
    expect(await within(table).findByText('aktivert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ny' }));
    // The dialog's code loads on first use, slowly on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Ny webhook-mottaker' }, { timeout: 20_000 });
    expect(within(dialog).getByRole('switch', { name: 'Aktivert' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await user.click(screen.getByLabelText(/^Mottaker/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'https://erp.example.com/hooks/portal' }));
    const deliveries = await screen.findByRole('table', { name: 'Siste leveringer' });
    expect(await within(deliveries).findByText('mislyktes')).toBeInTheDocument();
    // Norwegian writes a day as 02.12.2026, in the user's own time zone.
    expect(within(deliveries).getByText(/^02\.12\.2026 \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(deliveries).getByRole('button', { name: 'Send på nytt' })).toBeInTheDocument();
  });

  it('shows the new secret once after subscribing, and the catalogue text when the API refuses the address', async () => {
    let refuse = true;
    server.use(
      http.post('*/api/webhooks/get', () => HttpResponse.json({ rows: [ENDPOINT] })),
      http.post('*/api/webhook/save', () =>
        refuse
          ? HttpResponse.json(
              { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'refused', errors: [{ field: 'endpoint.url', code: 'address', message: 'The host resolves to 10.0.0.1.' }] },
              { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
            )
          : HttpResponse.json({
              endpoint: { id: 4, url: 'https://erp.example.com/in', eventTypes: ['order.created'], companyId: null, enabled: true, disabledReason: null, secretHint: 'whsec_abcd', previousSecretValidUntil: null, createdAt: '2026-12-02T09:00:00Z', version: 0 },
              secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=',
            }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.type(within(dialog).getByLabelText(/URL/), 'https://10.0.0.1/in');
    await user.click(within(dialog).getByLabelText(/^Events/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'order.created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an https URL of a host on the internet.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=')).toBeInTheDocument();
    expect(screen.getByText('Copy the signing secret now')).toBeInTheDocument();
  });
});
