import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Claim } from '@generated/model';
import { claimFixture, renderClaims } from './renderClaims.test-utils';
import { onAPhone } from '../../test/phone.test-utils';

const NEW = claimFixture();
const INVESTIGATED = claimFixture({
  id: 18,
  status: 'under investigation',
  ClientProduct: { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L' },
  ClientProductionOrder: { id: 15, orderNo: 'PO-24-0121' },
  deliveryDate: '2026-04-02',
});
const CLOSED = claimFixture({ id: 19, status: 'closed', company: 'Baltic Dairy SIA', deliveryDate: '2026-01-20' });

/** Serves the claims list of `face` and records the list and delete bodies; `refuse` answers deletes with it. */
function serve(face: 'admin' | 'client' = 'client', rows: Claim[] = [NEW, INVESTIGATED, CLOSED], refuse?: () => Response) {
  const requests: Record<string, unknown>[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.post(`*/api/${face}/claims/filter`, async ({ request }) => {
      requests.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post(`*/api/${face}/claims/delete`, async ({ request }) => {
      deleted.push(await request.json());
      return refuse ? refuse() : HttpResponse.json({ ok: true });
    }),
  );
  return { requests, deleted };
}

const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: 'Refused', status, detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });
/** A body row's name: 'Select record {n} {id} {status} …'. */
const rowName = (id: number) => new RegExp(`^Select record \\d+ Claim ${id} `);
const row = (id: number) => screen.getByRole('row', { name: rowName(id) });
const selectRow = (id: number) => within(row(id)).getByRole('checkbox');
const DEFAULT_PAGE = { page: 1, rowsPerPage: 20, sortBy: 'id', descending: false };

describe("/claims 'Non-Conformance Reports'", { timeout: 30_000 }, () => {
  it('lists ID, Status, Order number, Article, Delivery at (DD.MM.YYYY), sorted by id ascending, 20 per page', async () => {
    const api = serve();
    renderClaims('/claims');
    expect(await screen.findByRole('heading', { name: 'Non-Conformance Reports' })).toBeInTheDocument();
    const first = within(await screen.findByRole('row', { name: rowName(17) }));
    expect(first.getByText('New')).toBeInTheDocument(); // part 9: capitalised words
    expect(first.getByText('PO-24-0117')).toBeInTheDocument();
    expect(first.getByText('NS-0500 - Spring Water 0.5 L')).toBeInTheDocument();
    expect(first.getByText('11.03.2026')).toBeInTheDocument();
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    for (const title of ['ID', 'Status', 'Order number', 'Article', 'Delivery at']) expect(headers.getByText(title)).toBeInTheDocument();
    expect(headers.queryByText('Company')).not.toBeInTheDocument();
    expect(api.requests[0]).toEqual({ pagination: DEFAULT_PAGE });
  });

  it('colours the status chip: new red, under investigation the secondary colour, closed the primary colour', async () => {
    serve();
    renderClaims('/claims');
    const chip = async (id: number, status: string) => within(await screen.findByRole('row', { name: rowName(id) })).getByText(status).closest('.mantine-Badge-root');
    expect(await chip(17, 'New')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-red-filled)' });
    expect(await chip(18, 'Under Investigation')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-teal-filled)' });
    expect(await chip(19, 'Closed')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-blue-filled)' });
  });

  it('offers the page sizes 20, 50 and 100', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderClaims('/claims');
    await screen.findByRole('row', { name: rowName(17) });
    await user.click(screen.getByRole('button', { name: '20' }));
    const sizes = await screen.findAllByRole('menuitem');
    expect(sizes.map((item) => item.textContent)).toEqual(['20', '50', '100']);
    await user.click(screen.getByRole('menuitem', { name: '100' }));
    await waitFor(() => expect(api.requests.at(-1)).toEqual({ pagination: { ...DEFAULT_PAGE, rowsPerPage: 100 } }));
  });

  it('searches with the typed text once typing pauses, not on every key', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderClaims('/claims');
    await screen.findByRole('row', { name: rowName(17) });
    await user.type(screen.getByRole('textbox', { name: 'Search claims' }), ' PO-24 ');
    await waitFor(() => expect(api.requests.at(-1)).toEqual({ pagination: DEFAULT_PAGE, filter: 'PO-24' }));
    expect(api.requests.filter((body) => body.filter !== undefined)).toHaveLength(1);
  });

  it('a row click opens the claim; New opens a new claim', async () => {
    serve();
    const user = userEvent.setup();
    const router = renderClaims('/claims');
    // the ID is a real link (open in a new tab, copy the address); the router renders its href
    const link = within(await screen.findByRole('row', { name: rowName(18) })).getByRole('link', { name: 'Claim 18' });
    expect(link).toHaveAttribute('href', '/claims/18');
    expect(link).toHaveTextContent('18');
    await user.click(within(await screen.findByRole('row', { name: rowName(18) })).getByText('PO-24-0121'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/18'));
    await router.navigate({ to: '/claims' });
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/new'));
  });

  it('Delete is disabled without a selection, asks first, and deletes the selected claims', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderClaims('/claims');
    await screen.findByRole('row', { name: rowName(17) });
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(selectRow(17));
    await user.click(selectRow(18));
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete claims' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete these 2 claims?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleted).toEqual([]);
    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete claims' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleted).toEqual([{ claimIds: [17, 18] }]));
    expect(await screen.findByText('2 claims deleted.')).toBeInTheDocument();
  });

  it('a client cannot delete a closed claim: Delete is disabled while one is selected', async () => {
    serve();
    const user = userEvent.setup();
    renderClaims('/claims');
    await screen.findByRole('row', { name: rowName(19) });
    await user.click(selectRow(19));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('says why when the API refuses the delete', async () => {
    serve('client', [NEW], () => problem(409, 'Claim 17 is closed; a closed claim cannot be deleted.'));
    const user = userEvent.setup();
    renderClaims('/claims');
    await screen.findByRole('row', { name: rowName(17) });
    await user.click(selectRow(17));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete claims' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Not deleted')).toBeInTheDocument();
    expect(screen.getByText('Claim 17 is closed; a closed claim cannot be deleted.')).toBeInTheDocument();
  });

  it('a failed load says why and Retry asks again', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/client/claims/filter', () => (++calls === 1 ? problem(500, 'The database is not reachable.') : HttpResponse.json({ rows: [NEW], count: 1 }))),
    );
    const user = userEvent.setup();
    renderClaims('/claims');
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: rowName(17) })).toBeInTheDocument();
  });

  it("the admin lists every company's claims with their company, logs a claim on a client's behalf with New, and deletes closed ones too", async () => {
    const api = serve('admin');
    const user = userEvent.setup();
    const router = renderClaims('/claims', 'admin');
    expect(await screen.findByRole('heading', { name: 'Non-Conformance Reports' })).toBeInTheDocument();
    expect(within(await screen.findByRole('row', { name: rowName(19) })).getByText('Baltic Dairy SIA')).toBeInTheDocument();
    expect(within(screen.getAllByRole('rowgroup')[0]!).getByText('Company')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(api.requests[0]).toEqual({ pagination: DEFAULT_PAGE });
    await user.click(selectRow(19));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // Mantine names the dialog by its title once the title has mounted: wait for the name, not only the text.
    const dialog = await screen.findByRole('dialog', { name: 'Delete claims' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete claim 19?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleted).toEqual([{ claimIds: [19] }]));
    await user.click(screen.getByRole('button', { name: 'New' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/new'));
  });

  it("a search more than 1,000 claims match says '1,000+' and pages up to the 1,000th claim, no further", async () => {
    const requests: { pagination: { page: number; rowsPerPage: number }; filter?: string }[] = [];
    server.use(
      http.post('*/api/admin/claims/filter', async ({ request }) => {
        const body = (await request.json()) as (typeof requests)[number];
        requests.push(body);
        const { page, rowsPerPage } = body.pagination;
        // the page's claims; the searched count stopped at its bound, the unsearched one is exact
        const rows = Array.from({ length: rowsPerPage }, (_, index) => claimFixture({ id: (page - 1) * rowsPerPage + index + 1 }));
        return HttpResponse.json(body.filter ? { rows, count: 1000, countIsLowerBound: true } : { rows, count: 50_000, countIsLowerBound: false });
      }),
    );
    const user = userEvent.setup();
    renderClaims('/claims', 'admin');
    await screen.findByRole('row', { name: rowName(1) });
    expect(screen.getByText('1 - 20 / 50000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2500' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search claims' }), 'deformed');
    expect(await screen.findByText('1 - 20 / 1,000+')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ pagination: DEFAULT_PAGE, filter: 'deformed' });
    // the pager ends at the bound: 50 pages of 20
    expect(screen.queryByRole('button', { name: '2500' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '51' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '50' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ pagination: { ...DEFAULT_PAGE, page: 50 }, filter: 'deformed' }));
    expect(await screen.findByRole('row', { name: rowName(1000) })).toBeInTheDocument();
    expect(screen.getByText('981 - 1,000 / 1,000+')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '51' })).not.toBeInTheDocument();
  });

  it('a seller reads the claims its buyers filed about its products: no New, no Delete', async () => {
    serve('client');
    renderClaims('/claims', 'seller');
    expect(await screen.findByRole('cell', { name: 'Claim 19' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe("/claims on a phone", { timeout: 30_000 }, () => {
  const card = async (id: number) => (await screen.findByText(`Claim ${id}`)).closest('li')!;

  it('shows each claim as a card: its status chip in full, Order number, Article and Delivery at, labelled', async () => {
    serve();
    onAPhone();
    renderClaims('/claims');
    const investigated = within(await card(18));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(investigated.getByText('Under Investigation')).toBeInTheDocument();
    for (const [label, value] of [
      ['Order number', 'PO-24-0121'],
      ['Article', 'NS-1500 - Sparkling Water 1.5 L'],
      ['Delivery at', '02.04.2026'],
    ]) {
      expect(investigated.getByText(label!)).toBeInTheDocument();
      expect(investigated.getByText(value!)).toBeInTheDocument();
    }
    expect(investigated.queryByText('Company')).not.toBeInTheDocument();
  });

  it("a card opens its claim; its checkbox selects it for Delete, which a closed claim blocks for a client", async () => {
    serve();
    onAPhone();
    const user = userEvent.setup();
    const router = renderClaims('/claims');
    await card(17);
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim 17' }));
    expect(remove).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim 19' }));
    expect(remove).toBeDisabled();
    await user.click(screen.getByText('PO-24-0121'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/18'));
  });

  it("the admin's cards name the company", async () => {
    serve('admin');
    onAPhone();
    renderClaims('/claims', 'admin');
    expect(within(await card(19)).getByText('Baltic Dairy SIA')).toBeInTheDocument();
    expect(within(await card(19)).getByText('Company')).toBeInTheDocument();
  });

  it("a seller's cards have no checkbox", async () => {
    serve('client');
    onAPhone();
    renderClaims('/claims', 'seller');
    await card(19);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
