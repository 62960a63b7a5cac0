import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { DocumentsRole, Invoice } from '@generated/model';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import InvoicesPage, { InvoicesScreen } from './InvoicesPage';
import { exportAs, serveExport, tooManyRows } from '../../test/exports.test-utils';

const invoice = (id: number, invoiceNumber: string, overrides: Partial<Invoice> = {}): Invoice => ({
  id,
  clientId: 'nordic-springs',
  company: 'Nordic Springs AB',
  deliveryDate: '2026-03-13',
  invoiceNumber,
  orderNo: 'PO-24-0117',
  invoiceTotal: 48920.5,
  invoiceCurrency: 'SEK',
  exchangeRate: 11.28,
  isConfirmed: false,
  isSent: false,
  ...overrides,
});

const INVOICES = [
  invoice(64, 'INV-2026-0342'),
  invoice(65, 'INV-2026-0343', { deliveryDate: '2026-02-27', orderNo: null, invoiceTotal: 1234567, invoiceCurrency: 'EUR', exchangeRate: 1 }),
  invoice(66, 'INV-2026-0001', { deliveryDate: '2026-01-05', isConfirmed: true, isSent: true }),
];

type Body = { pagination: { page: number; rowsPerPage: number; sortBy?: string; descending?: boolean } };

/** The API's list: the requested page of `rows`; records the role of the path and every body. */
function serveList(rows: Invoice[] = INVOICES) {
  const calls: { role: string; body: Body }[] = [];
  server.use(
    http.post('*/api/:role/invoices/get', async ({ request, params }) => {
      const body = (await request.json()) as Body;
      calls.push({ role: String(params.role), body });
      const { page, rowsPerPage } = body.pagination;
      return HttpResponse.json({ rows: rows.slice((page - 1) * rowsPerPage, page * rowsPerPage), count: rows.length });
    }),
  );
  return calls;
}

const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: 'Error', status, detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

const pdf = (filename: string) =>
  new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}` },
  });

/** Serves `/api/{path}` as a PDF named `filename`; returns the bodies it received. */
function serveDownload(path: string, filename: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*/api/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return pdf(filename);
    }),
  );
  return bodies;
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const button = (name: string) => screen.getByRole('button', { name });
// sortable headers are buttons for assistive technology, so read the header cells themselves
const headers = () => Array.from(document.querySelectorAll('thead th'), (header) => header.textContent);

/** Which file names saveFile() asked the browser to save. */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const renderScreen = (role: DocumentsRole) => renderWithProviders(<InvoicesScreen role={role} />);

/** Renders the screen, selects the invoice and opens 'Confirm & Send'; returns the dialog. */
async function openConfirmSend(role: DocumentsRole, invoiceNumber: string) {
  const user = userEvent.setup();
  renderScreen(role);
  await user.click(await screen.findByText(invoiceNumber));
  await user.click(button('Confirm & Send'));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Confirm & Send' }) };
}

describe("'/documents' invoices of admin and accountant", { timeout: 30_000 }, () => {
  it('asks for page 1 of 10 by deliveryDate descending and shows the eight columns of part 2.4 and the company, dates DD.MM.YYYY, amounts with thousands separators', async () => {
    const calls = serveList();
    renderScreen('admin');
    await screen.findByText('INV-2026-0342');
    expect(calls[0]).toEqual({ role: 'admin', body: { pagination: { page: 1, rowsPerPage: 10, sortBy: 'deliveryDate', descending: true } } });
    expect(headers()).toEqual(['Invoice date', 'Invoice number', 'Company', 'Order number', 'Amount', 'Currency', 'Exchange rate', 'Confirmed', 'Sent']);
    expect(within(rowOf('INV-2026-0342')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '13.03.2026', 'INV-2026-0342', 'Nordic Springs AB', 'PO-24-0117', '48,920.50', 'SEK', '11.28', 'No', 'No',
    ]);
    expect(within(rowOf('INV-2026-0343')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '27.02.2026', 'INV-2026-0343', 'Nordic Springs AB', '', '1,234,567.00', 'EUR', '1.00', 'No', 'No',
    ]);
    expect(within(rowOf('INV-2026-0001')).getAllByRole('cell').slice(7).map((cell) => cell.textContent)).toEqual(['Yes', 'Yes']);
  });

  it("the accountant's face calls /api/accountant/invoices/get: the {role} segment is the signed-in user's role", async () => {
    const calls = serveList();
    const session = mockSession('accountant');
    renderWithProviders(
      <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'x@y.z' }}>
        <InvoicesPage />
      </AppContext.Provider>,
    );
    await screen.findByText('INV-2026-0342');
    expect(calls.map((call) => call.role)).toEqual(['accountant']);
    expect(button('Confirm & Send')).toBeInTheDocument();
  });

  it('Download Invoice, Download Declaration of conformity and Confirm & Send are all disabled without a selection; a row click toggles it', async () => {
    serveList();
    const user = userEvent.setup();
    renderScreen('admin');
    await screen.findByText('INV-2026-0342');
    const all = ['Download Invoice', 'Download Declaration of conformity', 'Confirm & Send'];
    for (const name of all) expect(button(name)).toBeDisabled();

    await user.click(screen.getByText('INV-2026-0342'));
    expect(rowOf('INV-2026-0342')).toHaveAttribute('aria-selected', 'true');
    for (const name of all) expect(button(name)).toBeEnabled();
    // another row replaces the selection: single-row selection
    await user.click(screen.getByText('INV-2026-0343'));
    expect(rowOf('INV-2026-0343')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('INV-2026-0342')).toHaveAttribute('aria-selected', 'false');
    // the same row again deselects
    await user.click(screen.getByText('INV-2026-0343'));
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'false')).toBe(true);
    for (const name of all) expect(button(name)).toBeDisabled();
  });

  it('a focused row toggles with Enter and Space, for keyboard users', async () => {
    serveList();
    const user = userEvent.setup();
    renderScreen('accountant');
    await screen.findByText('INV-2026-0342');
    rowOf('INV-2026-0343').focus();
    await user.keyboard('{Enter}');
    expect(rowOf('INV-2026-0343')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard(' ');
    expect(rowOf('INV-2026-0343')).toHaveAttribute('aria-selected', 'false');
  });

  it.each(['admin', 'accountant', 'client'] as const)(
    "'Download Invoice' posts {id} to /api/%s/invoice/download and saves '{invoiceNumber}.pdf'; the declaration saves 'DECLARATION OF CONFORMITY {invoiceNumber}.pdf'",
    async (role) => {
      serveList();
      const invoiceBodies = serveDownload(`${role}/invoice/download`, 'INV-2026-0343.pdf');
      const declarationBodies = serveDownload(`${role}/declaration/download`, 'DECLARATION OF CONFORMITY INV-2026-0343.pdf');
      const user = userEvent.setup();
      renderScreen(role);
      await user.click(await screen.findByText('INV-2026-0343'));
      await user.click(button('Download Invoice'));
      await waitFor(() => expect(saved).toEqual(['INV-2026-0343.pdf']));
      await user.click(button('Download Declaration of conformity'));
      await waitFor(() => expect(saved).toEqual(['INV-2026-0343.pdf', 'DECLARATION OF CONFORMITY INV-2026-0343.pdf']));
      expect(invoiceBodies).toEqual([{ id: 65 }]);
      expect(declarationBodies).toEqual([{ id: 65 }]);
    },
  );

  it('a failed download says why and saves nothing', async () => {
    serveList();
    server.use(http.post('*/api/admin/invoice/download', () => problem(404, 'Invoice not found.')));
    const user = userEvent.setup();
    renderScreen('admin');
    await user.click(await screen.findByText('INV-2026-0342'));
    await user.click(button('Download Invoice'));
    expect(await screen.findByText('Invoice not downloaded')).toBeInTheDocument();
    expect(screen.getByText('Invoice not found.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("'Confirm & Send' asks first (it sends e-mail); Cancel sends nothing", async () => {
    serveList();
    let confirmations = 0;
    server.use(http.post('*/api/admin/invoice/confirmation', () => { confirmations++; return HttpResponse.json(INVOICES[0]); }));
    const { user, dialog } = await openConfirmSend('admin', 'INV-2026-0342');
    expect(dialog).toHaveTextContent("Confirm invoice INV-2026-0342 over 48,920.50 SEK for Nordic Springs AB and send it by e-mail to the client's billing address?");
    // Cancel has the focus: Enter right away sends nothing
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmations).toBe(0);
    expect(rowOf('INV-2026-0342')).toHaveAttribute('aria-selected', 'true');
  });

  it("'Confirm & Send' shows progress, then a notification, and the list reloads (clearing the selection)", async () => {
    let rows = INVOICES;
    const calls: Body[] = [];
    server.use(
      http.post('*/api/accountant/invoices/get', async ({ request }) => {
        calls.push((await request.json()) as Body);
        return HttpResponse.json({ rows, count: rows.length });
      }),
    );
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let sent: unknown;
    server.use(
      http.post('*/api/accountant/invoice/confirmation', async ({ request }) => {
        sent = await request.json();
        await answered;
        const confirmed = { ...INVOICES[0]!, isConfirmed: true, isSent: true };
        rows = [confirmed, ...INVOICES.slice(1)];
        return HttpResponse.json(confirmed);
      }),
    );
    const { user, dialog } = await openConfirmSend('accountant', 'INV-2026-0342');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Send' }));
    // in progress: the button shows a loader and Cancel is disabled until the API answers
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm & Send' })).toHaveAttribute('data-loading', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(sent).toEqual({ id: 64 });
    answer();

    expect(await screen.findByText('Invoice confirmed and sent')).toBeInTheDocument();
    expect(screen.getByText('Invoice INV-2026-0342 was confirmed and e-mailed to Nordic Springs AB.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(within(rowOf('INV-2026-0342')).getAllByRole('cell').slice(-2).map((cell) => cell.textContent)).toEqual(['Yes', 'Yes']));
    expect(rowOf('INV-2026-0342')).toHaveAttribute('aria-selected', 'false');
    expect(button('Confirm & Send')).toBeDisabled();
  });

  it('a refused confirmation keeps the dialog open and says why', async () => {
    const calls = serveList();
    server.use(
      http.post('*/api/admin/invoice/confirmation', () =>
        problem(409, 'The client company has no billing e-mail address, so the invoice cannot be sent. Nothing was changed.'),
      ),
    );
    const { user, dialog } = await openConfirmSend('admin', 'INV-2026-0342');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Send' }));
    expect(await within(dialog).findByText('The client company has no billing e-mail address, so the invoice cannot be sent. Nothing was changed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm & Send' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("'Confirm & Send' is disabled for an invoice already confirmed and sent (the API would send nothing again)", async () => {
    serveList();
    const user = userEvent.setup();
    renderScreen('admin');
    await user.click(await screen.findByText('INV-2026-0001'));
    expect(button('Download Invoice')).toBeEnabled();
    expect(button('Download Declaration of conformity')).toBeEnabled();
    expect(button('Confirm & Send')).toBeDisabled();
  });

  it('offers 10/20/50/100 a page; another page size or sort asks for page 1 again, and a reload clears the selection', async () => {
    const many = Array.from({ length: 23 }, (_, index) => invoice(index + 1, `INV-2026-${String(index + 1).padStart(4, '0')}`));
    const calls = serveList(many);
    const user = userEvent.setup();
    renderScreen('admin');
    await screen.findByText('INV-2026-0010');
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByText('INV-2026-0003'));
    expect(button('Download Invoice')).toBeEnabled();

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('INV-2026-0020')).toBeInTheDocument();
    expect(calls.at(-1)?.body.pagination.page).toBe(2);
    expect(button('Download Invoice')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /records per page|^10$/i }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['10', '20', '50', '100']);
    await user.click(screen.getByRole('menuitem', { name: '20' }));
    await waitFor(() => expect(calls.at(-1)?.body.pagination).toMatchObject({ page: 1, rowsPerPage: 20 }));

    await user.click(screen.getByRole('button', { name: /Page 2|^2$/ }));
    await waitFor(() => expect(calls.at(-1)?.body.pagination.page).toBe(2));
    await user.click(screen.getByText('Invoice number'));
    await waitFor(() => expect(calls.at(-1)?.body.pagination).toMatchObject({ page: 1, rowsPerPage: 20, sortBy: 'invoiceNumber' }));
    const direction = calls.at(-1)!.body.pagination.descending;
    await user.click(screen.getByText('Invoice number'));
    await waitFor(() => expect(calls.at(-1)?.body.pagination).toEqual({ page: 1, rowsPerPage: 20, sortBy: 'invoiceNumber', descending: !direction }));
  });

  it('says why a load failed and retries', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/admin/invoices/get', () => {
        calls++;
        return calls === 1 ? problem(500, 'Database unavailable.') : HttpResponse.json({ rows: INVOICES, count: 3 });
      }),
    );
    const user = userEvent.setup();
    renderScreen('admin');
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    await user.click(button('Retry'));
    expect(await screen.findByText('INV-2026-0342')).toBeInTheDocument();
  });

  it('says so when there are no invoices yet', async () => {
    serveList([]);
    renderScreen('accountant');
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });
});

describe("'/documents' of the client (part 2.4)", { timeout: 30_000 }, () => {
  it("calls /api/client/invoices/get and shows the eight columns of part 2.4, both downloads and 'Confirm & Send'", async () => {
    const calls = serveList();
    const user = userEvent.setup();
    renderScreen('client');
    await screen.findByText('INV-2026-0342');
    expect(calls[0]).toEqual({ role: 'client', body: { pagination: { page: 1, rowsPerPage: 10, sortBy: 'deliveryDate', descending: true } } });
    expect(headers()).toEqual(['Invoice date', 'Invoice number', 'Order number', 'Amount', 'Currency', 'Exchange rate', 'Confirmed', 'Sent']);
    expect(within(rowOf('INV-2026-0342')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '13.03.2026', 'INV-2026-0342', 'PO-24-0117', '48,920.50', 'SEK', '11.28', 'No', 'No',
    ]);
    const all = ['Download Invoice', 'Download Declaration of conformity', 'Confirm & Send'];
    for (const name of all) expect(button(name)).toBeDisabled();
    await user.click(screen.getByText('INV-2026-0343'));
    for (const name of all) expect(button(name)).toBeEnabled();
  });

  it("the client confirms its invoice: POST /api/client/invoice/confirmation {id}", async () => {
    serveList();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/client/invoice/confirmation', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...INVOICES[0], isConfirmed: true, isSent: true });
      }),
    );
    const { user, dialog } = await openConfirmSend('client', 'INV-2026-0342');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Send' }));
    await waitFor(() => expect(bodies).toEqual([{ id: 64 }]));
  });

  it("says so when the client has no invoices yet, with a hint", async () => {
    serveList([]);
    renderScreen('client');
    expect(await screen.findByText('No invoices yet. They appear here once your orders are billed.')).toBeInTheDocument();
  });

  it("offers the second layout of part 2.4 as 'Compact': four columns and the two downloads, remembered for the next visit", async () => {
    serveList();
    window.localStorage.removeItem('orders-portal.invoices-view');
    onTestFinished(() => window.localStorage.removeItem('orders-portal.invoices-view'));
    const user = userEvent.setup();
    const first = renderScreen('client');
    await screen.findByText('INV-2026-0342');
    await user.click(screen.getByRole('radio', { name: 'Compact' }));
    expect(headers()).toEqual(['Invoice date', 'Invoice number', 'Order number', 'Amount']);
    expect(within(rowOf('INV-2026-0342')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['13.03.2026', 'INV-2026-0342', 'PO-24-0117', '48,920.50 SEK']);
    expect(screen.queryByRole('button', { name: 'Confirm & Send' })).not.toBeInTheDocument();
    for (const name of ['Download Invoice', 'Download Declaration of conformity']) expect(button(name)).toBeDisabled();
    await user.click(screen.getByText('INV-2026-0343'));
    for (const name of ['Download Invoice', 'Download Declaration of conformity']) expect(button(name)).toBeEnabled();

    first.unmount();
    renderScreen('client');
    await screen.findByText('INV-2026-0342');
    expect(screen.getByRole('radio', { name: 'Compact' })).toBeChecked();
    expect(headers()).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'Full' }));
    expect(headers()).toHaveLength(8);
    expect(button('Confirm & Send')).toBeInTheDocument();
  });

  it('staff have no compact view', async () => {
    serveList();
    window.localStorage.setItem('orders-portal.invoices-view', JSON.stringify('compact'));
    onTestFinished(() => window.localStorage.removeItem('orders-portal.invoices-view'));
    renderScreen('accountant');
    await screen.findByText('INV-2026-0342');
    expect(screen.queryByRole('radio', { name: 'Compact' })).not.toBeInTheDocument();
    expect(headers()).toHaveLength(9);
  });
});

describe("'/documents' on a phone", { timeout: 30_000 }, () => {
  it('shows each invoice as a card with its values, toggled by a tap like a row; compact shows four values', async () => {
    serveList();
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = wide;
      window.localStorage.removeItem('orders-portal.invoices-view');
    });
    const user = userEvent.setup();
    renderScreen('client');
    const card = await screen.findByRole('button', { name: /^INV-2026-0342/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Invoice date13.03.2026Order numberPO-24-0117Amount48,920.50 SEKExchange rate11.28ConfirmedNoSentNo');
    expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(button('Download Invoice')).toBeDisabled();
    await user.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(button('Download Invoice')).toBeEnabled();
    await user.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('radio', { name: 'Compact' }));
    expect(screen.getByRole('button', { name: /^INV-2026-0342/ })).toHaveTextContent('Invoice date13.03.2026Order numberPO-24-0117Amount48,920.50 SEK');
    expect(screen.getByRole('button', { name: /^INV-2026-0342/ })).not.toHaveTextContent('Exchange rate');
  });
});

describe("'/documents' Export", { timeout: 30_000 }, () => {
  it('exports the invoices of the caller’s face in the list’s current sort', async () => {
    const calls = serveList();
    const bodies = serveExport('accountant/invoices/export', 'invoices.csv');
    const user = userEvent.setup();
    renderScreen('accountant');
    await screen.findAllByRole('row');
    await user.click(screen.getByText('Invoice number'));
    await waitFor(() => expect(calls.at(-1)?.body.pagination).toMatchObject({ sortBy: 'invoiceNumber' }));
    const { descending } = calls.at(-1)!.body.pagination;
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['invoices.csv']));
    expect(bodies).toEqual([{ format: 'csv', sortBy: 'invoiceNumber', descending }]);
  });

  it('says why the server refused an export', async () => {
    serveList();
    serveExport('client/invoices/export', 'invoices.xlsx', tooManyRows);
    const user = userEvent.setup();
    renderScreen('client');
    await screen.findAllByRole('row');
    await exportAs(user, 'Excel');
    expect(await screen.findByText(/an export carries at most 100000/)).toBeInTheDocument();
  });
});
