import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { ApiClient, DirectoryClient } from '@generated/model';
import { BALTIC, NORDIC, renderAs } from '../machines/machines.test-utils';
import { speakLocale } from '../../test/locale.test-utils';
import ApiClientsPage from './ApiClientsPage';

const ERP: ApiClient = {
  id: 1,
  oauthClientId: 'ac_7Qm2xYd0pLr9sKe4TnWb',
  name: 'Nightly ERP import',
  clientId: NORDIC,
  company: 'Nordic Springs AB',
  roles: ['client'],
  authMethod: 'client_secret_basic',
  secretHint: 'cs_Vb8K',
  createdAt: '2026-11-01T08:00:00Z',
  revokedAt: null,
};
const OLD: ApiClient = { ...ERP, id: 2, oauthClientId: 'ac_old', name: 'Old integration', clientId: null, company: null, roles: ['operator'], revokedAt: '2026-11-02T08:00:00Z' };
const SECRET = 'cs_Vb8KqW3eRt5yUi7oP9aS1dF3gH5jK7lZ9xC1vB3nM5q';
const COMPANIES = [
  { id: NORDIC, company: 'Nordic Springs AB', clientType: '0' },
  { id: BALTIC, company: 'Baltic Beverages SIA', clientType: '1' },
].map((entry) => ({ fbs: [], address: '', createdTimestamp: '2026-01-01T00:00:00Z', enabled: true, email: null, fullName: null, ...entry })) as DirectoryClient[];

/** Answers `POST /api/admin/api-clients/{path}` with `answer(body)` and records the bodies; the directory lists COMPANIES. */
function serve<Body>(path: string, answer: (body: Body) => unknown) {
  const bodies: Body[] = [];
  server.use(
    http.get('*/api/admin/directory/clients', () => HttpResponse.json(COMPANIES)),
    http.post(`*/api/admin/api-clients/${path}`, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return HttpResponse.json(answer(body) as object);
    }),
  );
  return bodies;
}

const table = () => within(screen.getByRole('table', { name: 'API clients' }));

describe("admin 'API clients'", { timeout: 30_000 }, () => {
  it('lists each client with its id, company or the manufacturer, roles and how it signs in; a revoked one is marked, not revocable', async () => {
    serve('get', () => ({ rows: [ERP, OLD] }));
    renderAs('admin', <ApiClientsPage />);
    await screen.findByText('Old integration');
    const erp = within(table().getByRole('row', { name: /Nightly ERP import/ }));
    expect(erp.getByText('ac_7Qm2xYd0pLr9sKe4TnWb')).toBeInTheDocument();
    expect(erp.getByText('Nordic Springs AB')).toBeInTheDocument();
    expect(erp.getByText('cs_Vb8K…')).toBeInTheDocument();
    expect(erp.getByRole('button', { name: 'Revoke Nightly ERP import' })).toBeInTheDocument();
    const old = within(table().getByRole('row', { name: /Old integration/ }));
    expect(old.getByText('The manufacturer')).toBeInTheDocument();
    expect(old.getByText('Revoked')).toBeInTheDocument();
    expect(old.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('speaks Latvian to a Latvian admin: the list, its roles and dates, and the New dialog', async () => {
    serve('get', () => ({ rows: [ERP, OLD] }));
    await speakLocale('lv');
    const user = userEvent.setup();
    renderAs('admin', <ApiClientsPage />);
    expect(await screen.findByRole('heading', { name: 'API klienti' })).toBeInTheDocument();
    const old = within(within(await screen.findByRole('table', { name: 'API klienti' })).getByRole('row', { name: /Old integration/ }));
    expect(old.getByText('Ražotājs')).toBeInTheDocument();
    expect(old.getByText('operators')).toBeInTheDocument();
    // Latvian writes a day first with dots (ICU versions differ on a closing dot), in the user's own time zone.
    expect(old.getByText('Atsaukts').closest('[title]')).toHaveAttribute('title', expect.stringMatching(/^Atsaukts 02\.11\.2026\.? \d{2}:\d{2}$/));
    await user.click(screen.getByRole('button', { name: 'Jauns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jauns API klients' });
    expect(within(dialog).getByRole('checkbox', { name: 'grāmatvedis' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Izveidot' })).toBeInTheDocument();
  });

  it('New: a name and a role are required, and nothing is sent until they are given', async () => {
    serve('get', () => ({ rows: [] }));
    const creates = serve('create', () => ({}));
    const user = userEvent.setup();
    renderAs('admin', <ApiClientsPage />);
    expect(await screen.findByText('No API clients yet. Use New to make one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API client' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Field is required.')).toHaveLength(2);
    expect(creates).toHaveLength(0);
  });

  it("offers a Buyer company only the buyer type, and shows the secret once with a copy button", async () => {
    let rows = [OLD];
    serve('get', () => ({ rows }));
    const creates = serve<{ apiClient: { name: string } }>('create', (body) => {
      rows = [{ ...ERP, id: 3, name: body.apiClient.name, clientId: BALTIC, company: 'Baltic Beverages SIA', roles: ['buyer'] }, OLD];
      return { apiClient: rows[0], clientSecret: SECRET };
    });
    const user = userEvent.setup();
    renderAs('admin', <ApiClientsPage />);
    await screen.findByText('Old integration');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API client' });
    await user.type(within(dialog).getByLabelText(/^Name/), ' Baltic ERP ');
    await user.click(within(dialog).getByLabelText(/^Acts for/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Baltic Beverages SIA' }));
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['buyer']);
    await user.click(within(dialog).getByRole('radio', { name: 'buyer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'API client made' });
    expect(creates).toEqual([{ apiClient: { name: 'Baltic ERP', clientId: BALTIC, roles: ['buyer'], authMethod: 'client_secret_basic' } }]);
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/This is the only time the secret of 'Baltic ERP' is shown/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(await table().findByRole('row', { name: /Baltic ERP/ })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('Revoke asks first: Cancel sends nothing, Revoke revokes that client', async () => {
    serve('get', () => ({ rows: [ERP, OLD] }));
    const revokes = serve('revoke', () => ({ ...ERP, revokedAt: '2026-11-24T09:00:00Z' }));
    const user = userEvent.setup();
    renderAs('admin', <ApiClientsPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly ERP import' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API client' });
    expect(within(confirm).getByText(/refused from its next call/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API client' })).not.toBeInTheDocument());
    expect(revokes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly ERP import' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API client' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revokes).toEqual([{ id: 1 }]));
    expect(await screen.findByText("API client 'Nightly ERP import' revoked.")).toBeInTheDocument();
  });
});
