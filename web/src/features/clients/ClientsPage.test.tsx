import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { BALTIC, clientRowFixture, NORDIC, nordicSummary, productFixture } from './clientInventory.fixtures';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import { renderClientInventoryAt } from './clientInventory.test-utils';

const EMPTY = '0a0a0a0a-0000-4000-8000-000000000000';

function serveClients() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/admin/clients/get', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        rows: [
          clientRowFixture(),
          clientRowFixture({ id: BALTIC, company: 'Baltic Brew SIA', fbs: [], clientType: '1', productsCount: 2, createdTimestamp: '2026-01-12T14:30:00Z' }),
          clientRowFixture({ id: EMPTY, company: 'Empty Oy', fbs: [], productsCount: 0, enabled: false }),
        ],
        count: 3,
      });
    }),
    http.post('*/api/admin/client/products/get', () => HttpResponse.json({ client: { id: NORDIC, company: 'Nordic Springs AB', fbs: [], clientType: '0' }, rows: [], count: 0 })),
  );
  return bodies;
}

describe('/clients', { timeout: 30_000 }, () => {
  it('asks for company ascending, 20 per page, and shows Company, Assigned FBs, Customer Type, Products count, Overdue amount TBD, Created at', async () => {
    const bodies = serveClients();
    renderClientInventoryAt('/clients');
    const row = within(await screen.findByRole('row', { name: /Baltic Brew SIA/ }));
    for (const text of ['Buyer', '2', 'TBD', '12.01.2026']) expect(row.getByText(text)).toBeInTheDocument();
    const nordic = within(screen.getByRole('row', { name: /Nordic Springs AB/ }));
    for (const text of ['FB-04', 'FB-07', 'Converter', '6', 'TBD', '04.11.2025']) expect(nordic.getByText(text)).toBeInTheDocument();
    expect(nordic.getByLabelText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Empty Oy/ })).getByLabelText('Disabled')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ pagination: { page: 1, rowsPerPage: 20, sortBy: 'company', descending: false } });
  });

  it("the Customer Type filter asks for buyers ('1') or converters ('0'), All asks without a filter", async () => {
    const bodies = serveClients();
    const user = userEvent.setup();
    renderClientInventoryAt('/clients');
    await screen.findByText('Baltic Brew SIA');
    await user.click(screen.getByRole('radio', { name: 'Buyer' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ filter: { clientType: '1' } }));
    await user.click(screen.getByRole('radio', { name: 'Converter' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ filter: { clientType: '0' } }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(bodies.at(-1)).not.toHaveProperty('filter'));
  });

  it('a row opens /clients/{id} only when the client has machines or products; the others say why on hover', async () => {
    serveClients();
    const user = userEvent.setup();
    const router = renderClientInventoryAt('/clients');
    const empty = await screen.findByRole('row', { name: /Empty Oy/ });
    expect(empty).toHaveAttribute('title', 'No machines assigned and no products yet: nothing to open.');
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(empty).getByText('Empty Oy'));
    expect(router.state.location.pathname).toBe('/clients');
    expect(screen.getByRole('link', { name: 'Portfolio of Baltic Brew SIA' })).toHaveAttribute('href', `/clients/${BALTIC}`);
    // Baltic has no machines but two products: it opens.
    await user.click(screen.getByText('Baltic Brew SIA'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${BALTIC}`));
  });

  it('a failed load says why and offers Retry', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/admin/clients/get', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ type: 'about:blank', title: 'Directory unavailable', status: 503, detail: 'The identity service did not answer.' }, { status: 503 })
          : HttpResponse.json({ rows: [clientRowFixture()], count: 1 });
      }),
    );
    const user = userEvent.setup();
    renderClientInventoryAt('/clients');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The identity service did not answer.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nordic Springs AB')).toBeInTheDocument();
  });
});

describe('the client inventory in Swedish', { timeout: 30_000 }, () => {
  it('reads its texts from the catalogue and writes days as Swedish does', async () => {
    serveClients();
    await speakLocale('sv');
    renderClientInventoryAt('/clients');
    expect(await screen.findByRole('heading', { name: 'Kundlager' })).toBeInTheDocument();
    const row = within(await screen.findByRole('row', { name: /Baltic Brew SIA/ }));
    for (const text of ['Köpare', 'Ej fastställt', '2026-01-12']) expect(row.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Konverterare' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Empty Oy/ })).getByLabelText('Inaktiv')).toBeInTheDocument();
  });

  it("writes a client's prices and bottle stock as Swedish does", async () => {
    server.use(
      http.post('*/api/admin/client/products/get', () => HttpResponse.json({ client: nordicSummary, rows: [productFixture()], count: 1 })),
    );
    await speakLocale('sv');
    renderClientInventoryAt(`/clients/${NORDIC}`);
    const water = await screen.findByRole('row', { name: /Spring Water 0.5 L/ });
    const cells = within(water).getAllByRole('cell').map((cell) => plainSpaces(cell.textContent));
    expect(cells).toContain('61,40 €');
    expect(cells).toContain('84 000');
    expect(Array.from(document.querySelectorAll('thead th'), (header) => header.textContent)).toContain('Flasklager');
    expect(screen.getByRole('button', { name: 'Ta bort markerade' })).toBeInTheDocument();
  });
});
