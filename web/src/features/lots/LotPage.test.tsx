import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Lot } from '@generated/model';
import { itemTraceFixture, lotFixture, recallAnswer, stockFixture } from './lots.fixtures';
import { renderLots } from './renderLots.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';

const file = (body: string, type: string, filename: string) =>
  new HttpResponse(new Blob([body], { type }), { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` } });

/** Serves lot 7 (`lot`), its recall answer, its stock by lot and item 95's trace; returns the bodies each call got. */
function serveLot(lot: Lot = lotFixture()) {
  const bodies: Record<string, unknown[]> = { lot: [], recall: [], stock: [], trace: [], saveLot: [], saveLots: [], csv: [], pdf: [], epcis: [] };
  const roles: string[] = [];
  const record = (key: string) => async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    bodies[key]!.push(await request.json());
    if (params.role) roles.push(String(params.role));
  };
  let current = lot;
  server.use(
    http.post('*/api/:role/lot/get', async (info) => (await record('lot')(info), HttpResponse.json(current))),
    http.post('*/api/:role/lots/recall/get', async (info) => {
      await record('recall')(info);
      return HttpResponse.json(recallAnswer(bodies.recall.at(-1) as { summary?: boolean; clientId?: string }, current));
    }),
    http.post('*/api/:role/lots/stock/get', async (info) => (await record('stock')(info), HttpResponse.json({ rows: [stockFixture(current)] }))),
    http.post('*/api/:role/lots/trace/item/get', async (info) => (await record('trace')(info), HttpResponse.json(itemTraceFixture()))),
    http.post('*/api/:role/lots/recall/csv', async (info) => (await record('csv')(info), file('orderNo\n', 'text/csv', 'recall-lot-7.csv'))),
    http.post('*/api/:role/lots/recall/pdf', async (info) => (await record('pdf')(info), file('%PDF-1.7', 'application/pdf', 'recall-lot-7.pdf'))),
    http.post('*/api/:role/lots/epcis', async (info) => {
      await record('epcis')(info);
      return HttpResponse.json({ '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'], type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-03-20T10:00:00Z', epcisBody: { eventList: [] } }, { headers: { 'Content-Type': 'application/ld+json' } });
    }),
    http.post('*/api/admin/lot/save', async ({ request }) => {
      const body = (await request.json()) as { supplierLotNumber: string | null };
      bodies.saveLot!.push(body);
      current = { ...current, supplierLotNumber: body.supplierLotNumber, version: current.version + 1 };
      return HttpResponse.json(current);
    }),
    http.post('*/api/admin/lots/production/save', async ({ request }) => {
      bodies.saveLots!.push(await request.json());
      return HttpResponse.json(itemTraceFixture().records[0]);
    }),
  );
  return { bodies, roles };
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:lot');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const section = (name: string) => screen.getByRole('region', { name });

describe('/lots/{id}: one lot and its recall answer', { timeout: 30_000 }, () => {
  it('shows the lot: supplier lot number, preform, warehouse, supplier, delivery, quantity, consumed and remaining', async () => {
    serveLot();
    renderLots('/lots/7');
    expect(await screen.findByRole('heading', { name: 'Lot RB-2603-114' })).toBeInTheDocument();
    const lot = section('Lot');
    for (const text of ['RB-2603-114', 'PET 28g PCO1810 Clear', 'Riga North', 'Retal Baltic Films', '16.03.2026 (supply order 41)', '250,000 preforms', '90,000 preforms', '160,000 preforms']) {
      expect(within(lot).getByText(text)).toBeInTheDocument();
    }
  });

  it('speaks Swedish, with Swedish days and numbers', async () => {
    await speakLocale('sv');
    serveLot();
    renderLots('/lots/7');
    expect(await screen.findByRole('heading', { name: 'Lot RB-2603-114' })).toBeInTheDocument();
    const lot = section('Lot');
    expect(within(lot).getByText('Leverantörens lotnummer')).toBeInTheDocument();
    expect(within(lot).getByText('2026-03-16 (inköpsorder 41)')).toBeInTheDocument();
    expect(within(lot).getByText((_content, element) => element?.tagName === 'DIV' && plainSpaces(element.textContent ?? '') === '250 000 preformer')).toBeInTheDocument();
    expect(await screen.findByText('2 kunder fick flaskor från den här loten.')).toBeInTheDocument();
  });

  it('the recall answer: the clients delivered or invoiced with their contact, the open items to stop, and the stock to quarantine', async () => {
    const { bodies } = serveLot();
    const user = userEvent.setup();
    renderLots('/lots/7');
    expect(await screen.findByText('2 clients got bottles from this lot.')).toBeInTheDocument();
    // the clients and their counts first, without items
    expect(bodies.recall).toEqual([{ id: 7, summary: true }]);
    const delivered = within(section('Delivered or invoiced'));
    const nordic = within(delivered.getByRole('article', { name: 'Nordic Springs AB' }));
    expect(nordic.getByText(/Nils Berg/)).toBeInTheDocument();
    expect(nordic.getByRole('link', { name: 'billing@nordicsprings.se' })).toHaveAttribute('href', 'mailto:billing@nordicsprings.se');
    expect(nordic.getByText('1 item, 80,000 bottles from the lot')).toBeInTheDocument();
    expect(nordic.queryByRole('table')).not.toBeInTheDocument();
    // a client's items when asked for, that client only
    await user.click(nordic.getByRole('button', { name: 'Show items' }));
    const invoiced = await nordic.findByRole('row', { name: /PO-24-0117/ });
    expect(bodies.recall.at(-1)).toEqual({ id: 7, clientId: '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40' });
    for (const text of ['NS-0500', '09.03.2026', '80,000 of 80,000', '81,600', 'INV-2026-0342']) expect(within(invoiced).getByText(text)).toBeInTheDocument();
    expect(nordic.getByRole('button', { name: 'Hide items' })).toHaveAttribute('aria-expanded', 'true');
    expect(delivered.queryByText('Fjord Water AS')).not.toBeInTheDocument();

    const open = within(section('Open orders to stop'));
    const fjord = within(open.getByRole('article', { name: 'Fjord Water AS' }));
    expect(fjord.getByText('No contact on record')).toBeInTheDocument();
    await user.click(fjord.getByRole('button', { name: 'Show items' }));
    expect(within(await fjord.findByRole('row', { name: /FW-26-0031/ })).getByText('8,000 of 60,000')).toBeInTheDocument();
    expect(open.queryByText('Nordic Springs AB')).not.toBeInTheDocument();

    expect(within(section('Stock to quarantine')).getByText(/160,000 preforms of the lot in Riga North; 8,000 bottles/)).toBeInTheDocument();
  });

  it('downloads the recall answer as CSV and PDF and the trace as EPCIS JSON-LD, each asking for the lot', async () => {
    const { bodies } = serveLot();
    const user = userEvent.setup();
    renderLots('/lots/7');
    await screen.findByText('2 clients got bottles from this lot.');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await user.click(screen.getByRole('button', { name: 'Download EPCIS' }));
    await waitFor(() => expect(saved).toEqual(['recall-lot-7.csv', 'recall-lot-7.pdf', 'lot-7-epcis.jsonld']));
    expect([bodies.csv, bodies.pdf, bodies.epcis]).toEqual([[{ id: 7 }], [{ id: 7 }], [{ id: 7 }]]);
  });

  it('the stock of the preform in the warehouse by lot, oldest first, with what no lot explains', async () => {
    const { bodies } = serveLot();
    renderLots('/lots/7');
    const stock = within(await screen.findByRole('region', { name: /^Stock by lot/ }));
    expect(await stock.findByText('Stock 210,000 preforms: 200,000 in open lots, 10,000 without a lot.')).toBeInTheDocument();
    const rows = stock.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('RB-2603-114 · Retal Baltic Films · delivered 16.03.2026 (this lot)160,000');
    expect(within(rows[1]!).getByRole('link', { name: 'Lot 9 (no lot number) · Alpla Preform Centre · delivered 24.03.2026' })).toBeInTheDocument();
    expect(bodies.stock).toContainEqual({ preformId: 3, preformWarehouseId: 1 });
  });

  it('the admin enters the supplier lot number later: the contract’s rule, then the save with the version read', async () => {
    const { bodies } = serveLot(lotFixture({ supplierLotNumber: null, version: 4 }));
    const user = userEvent.setup();
    renderLots('/lots/7');
    expect(await screen.findByRole('heading', { name: 'Lot 7 (no lot number)' })).toBeInTheDocument();
    await user.click(within(section('Lot')).getByRole('button', { name: 'Enter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supplier lot number' });
    const input = within(dialog).getByRole('textbox', { name: 'Supplier lot number' });
    await user.type(input, 'x'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 60 characters.')).toBeInTheDocument();
    expect(bodies.saveLot).toEqual([]);
    await user.clear(input);
    await user.type(input, ' RB-2603-115 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies.saveLot).toEqual([{ id: 7, supplierLotNumber: 'RB-2603-115', version: 4 }]));
    expect(await screen.findByRole('heading', { name: 'Lot RB-2603-115' })).toBeInTheDocument();
  });

  it('the operator reads the lot as operator and cannot change the lot number', async () => {
    const { roles } = serveLot();
    renderLots('/lots/7', 'operator');
    await screen.findByText('2 clients got bottles from this lot.');
    expect(new Set(roles)).toEqual(new Set(['operator']));
    expect(within(section('Lot')).queryByRole('button', { name: /Enter|Change/ })).not.toBeInTheDocument();
  });

  it("an item's production records show the lots each took; the admin corrects a record's lots, at most its preforms in all", async () => {
    const { bodies } = serveLot();
    const user = userEvent.setup();
    renderLots('/lots/7');
    await screen.findByText('2 clients got bottles from this lot.');
    await user.click(within(screen.getByRole('article', { name: 'Fjord Water AS' })).getByRole('button', { name: 'Show items' }));
    await user.click(await screen.findByRole('button', { name: 'Production records of FW-26-0031 FW-0500S 20.03.2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Production records of FW-26-0031, FW-0500S, 20.03.2026' });
    const record = within(await within(dialog).findByRole('row', { name: /Olga Operator/ }));
    expect(record.getByText('RB-2603-114 · Retal Baltic Films · delivered 16.03.2026: 8,000')).toBeInTheDocument();
    expect(record.getByText('No lot: 400')).toBeInTheDocument();
    expect(within(dialog).getByText('8,000 preforms from lots, 400 without a lot.')).toBeInTheDocument();
    expect(bodies.trace).toEqual([{ orderItemId: 95 }]);

    await user.click(record.getByRole('button', { name: /^Correct the lots of the record of / }));
    const ours = await within(dialog).findByRole('textbox', { name: /RB-2603-114.*\(this lot\)/ });
    const other = within(dialog).getByRole('textbox', { name: /Lot 9 \(no lot number\)/ });
    expect(ours).toHaveValue('8,000');
    await user.type(other, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("At most 8,400 preforms in all: the record's preforms.")).toBeInTheDocument();
    expect(bodies.saveLots).toEqual([]);
    await user.clear(ours);
    await user.type(ours, '7400');
    expect(within(dialog).getByText('Without a lot: 0 preforms')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies.saveLots).toEqual([{ producedEntryId: 31, lots: [{ lotId: 7, preforms: 7400 }, { lotId: 9, preforms: 1000 }] }]));
  });

  it('a correction offers no lot delivered after the record', async () => {
    serveLot();
    const early = itemTraceFixture();
    early.records[0]!.recordedAt = '2026-03-18T10:00:00Z';
    server.use(http.post('*/api/:role/lots/trace/item/get', () => HttpResponse.json(early)));
    const user = userEvent.setup();
    renderLots('/lots/7');
    await screen.findByText('2 clients got bottles from this lot.');
    await user.click(within(screen.getByRole('article', { name: 'Fjord Water AS' })).getByRole('button', { name: 'Show items' }));
    await user.click(await screen.findByRole('button', { name: 'Production records of FW-26-0031 FW-0500S 20.03.2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Production records of FW-26-0031, FW-0500S, 20.03.2026' });
    await user.click(await within(dialog).findByRole('button', { name: /^Correct the lots of the record of / }));
    expect(await within(dialog).findByRole('textbox', { name: /RB-2603-114.*\(this lot\)/ })).toBeInTheDocument();
    // Lot 9 came on 24 March, after the record of 18 March.
    expect(within(dialog).queryByRole('textbox', { name: /Lot 9 \(no lot number\)/ })).not.toBeInTheDocument();
  });

  it('an unknown lot says why with Retry (the API’s 404)', async () => {
    server.use(http.post('*/api/:role/lot/get', () => HttpResponse.json({ title: 'Not Found', status: 404, detail: 'No such lot.' }, { status: 404, headers: { 'Content-Type': 'application/problem+json' } })));
    renderLots('/lots/70');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
