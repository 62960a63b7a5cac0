import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Claim } from '@generated/model';
import { claimFixture, renderClaims } from './renderClaims.test-utils';
import { UPLOAD_MESSAGES } from '../../api/messages';
import { enterText } from '../../test/render.test-utils';

const PRODUCTS = [
  { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
  { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L' },
];
const ORDERS: Record<number, { id: number; orderNo: string }[]> = {
  21: [{ id: 12, orderNo: 'PO-24-0117' }, { id: 15, orderNo: 'PO-24-0121' }],
  22: [{ id: 30, orderNo: 'PO-24-0200' }],
};

/** The admin's clients; Baltic Beverages (a buyer) can order Aqua Converters' juice bottle, assigned to it. */
const CLIENTS = [
  { id: 'nordic', company: 'Nordic Springs AB', fbs: [], clientType: '0', productsCount: 2, overdueAmount: null, createdTimestamp: '2025-11-04T09:12:00Z', enabled: true },
  { id: 'baltic', company: 'Baltic Beverages SIA', fbs: [], clientType: '1', productsCount: 0, overdueAmount: null, createdTimestamp: '2025-11-04T09:12:00Z', enabled: true },
];
const JUICE = { id: 50, articleNo: 'AC-1000', productName: 'Birch Juice 1 L' };
const ADMIN_PRODUCTS: Record<string, { id: number; articleNo: string; productName: string }[]> = { nordic: PRODUCTS, baltic: [JUICE] };
ORDERS[50] = [{ id: 70, orderNo: 'BB-2026-020' }];

interface Calls {
  saves: { Claim: Record<string, unknown> }[];
  orderLookups: Record<string, unknown>[];
  productLookups: Record<string, unknown>[];
  clientLookups: Record<string, unknown>[];
  uploads: number;
  deletedUploads: unknown[];
  downloads: unknown[];
}

/** Serves one face's claim calls with `claim`; `answer` replaces the save's answer, `uploadAnswer` the upload's. */
function serve(face: 'admin' | 'client', claim: Claim | null, options: { answer?: () => Response; uploadAnswer?: () => Response; uploadGate?: Promise<void> } = {}) {
  const calls: Calls = { saves: [], orderLookups: [], productLookups: [], clientLookups: [], uploads: 0, deletedUploads: [], downloads: [] };
  let nextUpload = 300;
  server.use(
    http.post(`*/api/${face}/claims/get`, () => (claim ? HttpResponse.json(claim) : HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 }))),
    http.post(`*/api/${face}/claims/save`, async ({ request }) => {
      const body = (await request.json()) as Calls['saves'][number];
      calls.saves.push(body);
      return options.answer ? options.answer() : HttpResponse.json(claimFixture({ ...claim, id: claim?.id ?? 40, version: (claim?.version ?? 0) + 1 }));
    }),
    http.post(`*/api/${face}/claims/filter`, () => HttpResponse.json({ rows: [], count: 0 })),
    http.post(`*/api/${face}/claims/download`, async ({ request }) => {
      calls.downloads.push(await request.json());
      return new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Non-Conformance-17-report .pdf"' } });
    }),
    http.post('*/api/client/claims/orders/filter', async ({ request }) => {
      const body = (await request.json()) as { clientProductId: number; filter?: string };
      calls.orderLookups.push(body);
      return HttpResponse.json({ rows: (ORDERS[body.clientProductId] ?? []).filter((order) => !body.filter || order.orderNo.includes(body.filter)) });
    }),
    http.get('*/api/client/products/get', () => HttpResponse.json({ clientProducts: PRODUCTS, warehouseStock: [] })),
    http.post('*/api/admin/claims/products/filter', async ({ request }) => {
      const body = (await request.json()) as { clientId: string; filter?: string };
      calls.productLookups.push(body);
      const rows = (ADMIN_PRODUCTS[body.clientId] ?? []).filter((product) => !body.filter || `${product.articleNo} ${product.productName}`.includes(body.filter));
      return HttpResponse.json({ rows });
    }),
    http.post('*/api/admin/claims/orders/filter', async ({ request }) => {
      const body = (await request.json()) as { clientId: string; clientProductId: number; filter?: string };
      calls.orderLookups.push(body);
      return HttpResponse.json({ rows: ORDERS[body.clientProductId] ?? [] });
    }),
    http.post('*/api/admin/clients/get', async ({ request }) => {
      const body = (await request.json()) as { filter?: { search?: string } };
      calls.clientLookups.push(body);
      return HttpResponse.json({ rows: CLIENTS.filter((client) => !body.filter?.search || client.company.includes(body.filter.search)), count: CLIENTS.length });
    }),
    http.post('*/api/client/uploads/save', async () => {
      calls.uploads += 1;
      await options.uploadGate;
      return options.uploadAnswer ? options.uploadAnswer() : HttpResponse.json({ Upload: [{ id: nextUpload++, originalFilename: 'cracked-neck.jpg', mimetype: 'image/jpeg' }] });
    }),
    http.post('*/api/client/uploads/delete', async ({ request }) => {
      calls.deletedUploads.push(await request.json());
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' });
const problem = (status: number, detail: string) =>
  HttpResponse.json({ title: 'Refused', status, detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

async function pick(user: UserEvent, label: RegExp, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const photo = () => new File(['jpeg bytes'], 'cracked-neck.jpg', { type: 'image/jpeg' });

describe('client /claims/new', { timeout: 30_000 }, () => {
  it("an empty 'Save report' shows part 5's messages and sends nothing", async () => {
    const calls = serve('client', null);
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderClaims('/claims/new');
    expect(await screen.findByRole('heading', { name: 'New claim' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    for (const label of [/^Bottle article number/, /^Order Number/, /^Rejected quantity:/, /^Problem Description:/]) {
      expect(field(label)).toHaveAccessibleDescription('Field is required.');
    }
    expect(field(/^Delivery Date/)).toHaveAccessibleDescription('Pick a day.');
    expect(info).toHaveBeenCalledWith('Invalid!');
    expect(calls.saves).toEqual([]);
  });

  it('the status dropdown shows new and is disabled; Print needs a saved claim; the GP fields are disabled for client users', async () => {
    serve('client', null);
    renderClaims('/claims/new');
    await screen.findByRole('heading', { name: 'New claim' });
    expect(field(/^Status/)).toHaveValue('New');
    expect(field(/^Status/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    for (const label of [/^Immediate Action:/, /^Root Cause:/, /^Corrective Actions:/]) expect(field(label)).toBeDisabled();
    expect(screen.getByText('Filled by the GP')).toBeInTheDocument();
  });

  it("'Order Number' waits for the article, then offers that product's orders by filter", async () => {
    const calls = serve('client', null);
    const user = userEvent.setup();
    renderClaims('/claims/new');
    await screen.findByRole('heading', { name: 'New claim' });
    expect(field(/^Order Number/)).toBeDisabled();
    await pick(user, /^Bottle article number/, 'NS-1500 - Sparkling Water 1.5 L');
    await user.click(field(/^Order Number/));
    expect(await screen.findByRole('option', { name: 'PO-24-0200' })).toBeInTheDocument();
    expect(calls.orderLookups[0]).toEqual({ clientProductId: 22 });
    expect(screen.queryByRole('option', { name: 'PO-24-0117' })).not.toBeInTheDocument();
  });

  it('uploads a photo with a progress bar, then saves the report with it attached and returns to the list', async () => {
    let release = () => undefined as void;
    const calls = serve('client', null, { uploadGate: new Promise<void>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    const router = renderClaims('/claims/new');
    await screen.findByRole('heading', { name: 'New claim' });
    await pick(user, /^Bottle article number/, 'NS-0500 - Spring Water 0.5 L');
    await pick(user, /^Order Number/, 'PO-24-0121');
    await user.type(field(/^Rejected quantity:/), '2400');
    await user.type(field(/^Delivery Date/), '11.03.2026');
    await enterText(user, field(/^Problem Description:/), '  Cracked necks.  ');
    expect(fileInput()).toHaveAttribute('accept', 'image/*,.jpg,.jpeg,application/pdf,.pdf');
    expect(fileInput()).toHaveAttribute('multiple');
    await user.upload(fileInput(), photo());
    // while it uploads: its progress bar, and the report waits for it
    expect(await screen.findByRole('progressbar', { name: 'Uploading cracked-neck.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save report' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'cracked-neck.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims'));
    expect(calls.saves).toEqual([
      {
        Claim: {
          clientProductId: 21,
          clientProductionOrderId: 15,
          amount: 2400,
          deliveryDate: '2026-03-11',
          description: 'Cracked necks.',
          Uploads: [{ id: 300 }],
        },
      },
    ]);
    expect(calls.deletedUploads).toEqual([]);
  });

  it('a refused upload says why; Cancel returns to the list and deletes the files uploaded meanwhile', async () => {
    let uploads = 0;
    const calls = serve('client', null, {
      uploadAnswer: () =>
        ++uploads === 1 ? HttpResponse.json({ Upload: [{ id: 301, originalFilename: 'cracked-neck.jpg', mimetype: 'image/jpeg' }] }) : problem(400, 'The file is larger than 10 MiB.'),
    });
    const user = userEvent.setup();
    const router = renderClaims('/claims/new');
    await screen.findByRole('heading', { name: 'New claim' });
    await user.upload(fileInput(), photo());
    await screen.findByRole('button', { name: 'cracked-neck.jpg' });
    await user.upload(fileInput(), new File(['big'], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The file is larger than 10 MiB.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // the new upload is an unsaved change: leaving asks first
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims'));
    await waitFor(() => expect(calls.deletedUploads).toEqual([{ uploadsIds: [301] }]));
  });
  it("a photo refused because the company's storage quota is full says so in the catalogue's words, not the raw answer", async () => {
    const detail = "Your company's files take 99.9 MiB of its 100 MiB storage quota, so this file (0.5 MiB) cannot be stored.";
    serve('client', null, {
      uploadAnswer: () =>
        HttpResponse.json(
          { title: 'Content Too Large', status: 413, detail, errors: [{ field: 'file', code: 'quota', message: detail, limit: 100 * 1024 * 1024 }] },
          { status: 413, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const user = userEvent.setup();
    renderClaims('/claims/new');
    await screen.findByRole('heading', { name: 'New claim' });
    await user.upload(fileInput(), photo());
    expect(await screen.findByText(UPLOAD_MESSAGES.quotaFull(100 * 1024 * 1024))).toBeInTheDocument();
    expect(UPLOAD_MESSAGES.quotaFull(100 * 1024 * 1024)).toContain('storage quota (100 MiB) is full');
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
  });
});

describe('client /claims/{id}', { timeout: 30_000 }, () => {
  it('a photo shows a thumbnail named by its file, read through the download call; a PDF keeps its chip only', async () => {
    serve('client', claimFixture({ Uploads: [{ id: 204, originalFilename: 'label-batch-0311.jpg', mimetype: 'image/jpeg' }, { id: 205, originalFilename: 'delivery-note.pdf', mimetype: 'application/pdf' }] }));
    const read: unknown[] = [];
    server.use(
      http.post('*/api/client/uploads/download', async ({ request }) => {
        read.push(await request.json());
        return new HttpResponse(new Blob(['jpeg bytes'], { type: 'image/jpeg' }), { headers: { 'Content-Type': 'image/jpeg' } });
      }),
    );
    // jsdom has no object URLs
    const [create, revoke] = [URL.createObjectURL, URL.revokeObjectURL];
    URL.createObjectURL = vi.fn(() => 'blob:label-batch-0311');
    URL.revokeObjectURL = vi.fn();
    renderClaims('/claims/17');
    const thumbnail = await screen.findByRole('img', { name: 'Photo label-batch-0311.jpg' });
    expect(thumbnail).toHaveAttribute('src', 'blob:label-batch-0311');
    expect(read).toEqual([{ id: 204 }]);
    expect(screen.queryByRole('img', { name: /delivery-note/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'delivery-note.pdf' })).toBeInTheDocument();
    [URL.createObjectURL, URL.revokeObjectURL] = [create, revoke];
  });

  it("shows the claim; 'Removing an attachment belongs to the claim's save': the file is marked, and the save removes it, no delete before", async () => {
    const calls = serve('client', claimFixture());
    const user = userEvent.setup();
    renderClaims('/claims/17');
    expect(await screen.findByRole('heading', { name: 'Claim 17' })).toBeInTheDocument();
    expect(field(/^Bottle article number/)).toHaveValue('NS-0500 - Spring Water 0.5 L');
    expect(field(/^Order Number/)).toHaveValue('PO-24-0117');
    expect(field(/^Rejected quantity:/)).toHaveValue('2,400');
    expect(field(/^Delivery Date/)).toHaveValue('11.03.2026');
    expect(field(/^Status/)).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(calls.downloads).toEqual([{ id: 17, userProfile: { fullName: 'Mock User', email: 'mock@orders-portal.local' } }]));
    await user.click(screen.getByRole('button', { name: 'Remove label-batch-0311.jpg' }));
    expect(screen.queryByRole('button', { name: 'label-batch-0311.jpg' })).not.toBeInTheDocument();
    expect(screen.getByText('Removed when you save the report.')).toBeInTheDocument();
    // Keep undoes the mark; removing again marks it again
    await user.click(screen.getByRole('button', { name: 'Keep label-batch-0311.jpg' }));
    expect(screen.getByRole('button', { name: 'Remove label-batch-0311.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove label-batch-0311.jpg' }));
    expect(calls.deletedUploads).toEqual([]);
    await pick(user, /^Status/, 'Under Investigation');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]!.Claim).toEqual({
      id: 17,
      version: 2,
      status: 'under investigation',
      clientProductId: 21,
      clientProductionOrderId: 12,
      amount: 2400,
      deliveryDate: '2026-03-11',
      description: 'Cracked necks on two pallets of batch 0311.',
      Uploads: [],
    });
    // the save removes the file (the API refuses uploads/delete of an attached file): no separate delete call
    expect(calls.deletedUploads).toEqual([]);
  });

  it("a buyer's 'Bottle article number' offers the products it can order: its own and the seller's assigned to it", async () => {
    serve('client', null);
    server.use(
      http.get('*/api/client/products/get', () =>
        HttpResponse.json({
          clientProducts: [
            { ...PRODUCTS[0], preformId: 3, preformWarehouseId: 1, currentStock: 0, Preform: { preformName: 'PET', neck: 'PCO1810', weight: 28, material: 'PET', color: 'Clear' } },
            { ...JUICE, preformId: 3, preformWarehouseId: 1, currentStock: 0, seller: 'Aqua Converters Oy', Preform: { preformName: 'PET', neck: 'PCO1810', weight: 28, material: 'PET', color: 'Clear' } },
          ],
          warehouseStock: [],
        }),
      ),
    );
    const user = userEvent.setup();
    renderClaims('/claims/new', 'buyer');
    await screen.findByRole('heading', { name: 'New claim' });
    await pick(user, /^Bottle article number/, 'AC-1000 - Birch Juice 1 L');
    await pick(user, /^Order Number/, 'BB-2026-020');
    expect(field(/^Order Number/)).toHaveValue('BB-2026-020');
  });

  it("a seller reads a buyer's claim about its product: every field and Save report disabled, Print works", async () => {
    serve('client', claimFixture({ clientId: 'baltic', company: 'Baltic Beverages SIA' }));
    renderClaims('/claims/17', 'seller');
    await screen.findByRole('heading', { name: 'Claim 17' });
    expect(screen.getByText(/Baltic Beverages SIA filed this claim about your product/)).toBeInTheDocument();
    for (const label of [/^Status/, /^Bottle article number/, /^Order Number/, /^Rejected quantity:/, /^Problem Description:/]) expect(field(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save report' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upload files' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('a closed claim is locked whole: status, fields, attachments and Save report; Print still works', async () => {
    serve('client', claimFixture({ status: 'closed', immediateAction: 'Pallets quarantined.' }));
    renderClaims('/claims/17');
    await screen.findByRole('heading', { name: 'Claim 17' });
    for (const label of [/^Status/, /^Bottle article number/, /^Order Number/, /^Rejected quantity:/, /^Delivery Date/, /^Problem Description:/, /^Immediate Action:/]) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Save report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove label-batch-0311.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(field(/^Immediate Action:/)).toHaveValue('Pallets quarantined.');
  });

  it('a failed save keeps the form open and says why, with Reload when someone else changed the claim', async () => {
    serve('client', claimFixture(), { answer: () => problem(409, 'This claim was changed by someone else meanwhile. Reload it and apply your change again.') });
    const user = userEvent.setup();
    const router = renderClaims('/claims/17');
    await screen.findByRole('heading', { name: 'Claim 17' });
    await user.clear(field(/^Rejected quantity:/));
    await user.type(field(/^Rejected quantity:/), '3000');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('This claim was changed by someone else meanwhile. Reload it and apply your change again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload claim' })).toBeInTheDocument();
    expect(field(/^Rejected quantity:/)).toHaveValue('3,000');
    expect(router.state.location.pathname).toBe('/claims/17');
  });

  it("another company's or a missing claim shows the API's answer with Retry", async () => {
    serve('client', null);
    renderClaims('/claims/99');
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('admin /claims/new', { timeout: 30_000 }, () => {
  it("the admin logs a claim on a client's behalf: the client is chosen first, then its products (looked up on the server) and orders", async () => {
    const calls = serve('admin', null);
    const user = userEvent.setup();
    const router = renderClaims('/claims/new', 'admin');
    expect(await screen.findByRole('heading', { name: 'New claim' })).toBeInTheDocument();
    expect(field(/^Bottle article number/)).toBeDisabled();
    await user.type(field(/^Client/), 'Baltic');
    await user.click(await screen.findByRole('option', { name: 'Baltic Beverages SIA' }));
    await waitFor(() => expect(field(/^Bottle article number/)).toBeEnabled());
    await user.click(field(/^Bottle article number/));
    // the buyer's assigned seller product is offered, Nordic's products are not
    expect(await screen.findByRole('option', { name: 'AC-1000 - Birch Juice 1 L' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'NS-0500 - Spring Water 0.5 L' })).not.toBeInTheDocument();
    await user.type(field(/^Bottle article number/), 'Birch');
    await waitFor(() => expect(calls.productLookups).toContainEqual({ clientId: 'baltic', filter: 'Birch' }));
    await user.click(await screen.findByRole('option', { name: 'AC-1000 - Birch Juice 1 L' }));
    await pick(user, /^Order Number/, 'BB-2026-020');
    expect(calls.orderLookups).toContainEqual({ clientId: 'baltic', clientProductId: 50 });
    await user.type(field(/^Rejected quantity:/), '500');
    await user.type(field(/^Delivery Date/), '11.03.2026');
    await enterText(user, field(/^Problem Description:/), 'Leaking caps.');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]!.Claim).toMatchObject({ clientId: 'baltic', clientProductId: 50, clientProductionOrderId: 70, amount: 500, description: 'Leaking caps.' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims'));
  });

  it("'Save report' without a client says 'Field is required.' and sends nothing", async () => {
    const calls = serve('admin', null);
    const user = userEvent.setup();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderClaims('/claims/new', 'admin');
    await screen.findByRole('heading', { name: 'New claim' });
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findAllByText('Field is required.')).not.toHaveLength(0);
    expect(field(/^Client/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.saves).toEqual([]);
  });
});

describe('admin /claims/{id}', { timeout: 30_000 }, () => {
  it("the GP fills 'Immediate Action:', 'Root Cause:' and 'Corrective Actions:' and closes the claim", async () => {
    const calls = serve('admin', claimFixture({ status: 'under investigation' }));
    const user = userEvent.setup();
    renderClaims('/claims/17', 'admin');
    expect(await screen.findByRole('heading', { name: 'Claim 17' })).toBeInTheDocument();
    expect(screen.getByText('Nordic Springs AB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload files' })).not.toBeInTheDocument();
    await enterText(user, field(/^Immediate Action:/), 'Quarantined.');
    await enterText(user, field(/^Root Cause:/), 'Worn insert.');
    await enterText(user, field(/^Corrective Actions:/), 'Insert replaced.');
    await pick(user, /^Status/, 'Closed');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]!.Claim).toMatchObject({
      id: 17,
      version: 2,
      status: 'closed',
      immediateAction: 'Quarantined.',
      rootCouse: 'Worn insert.',
      correctiveActions: 'Insert replaced.',
      Uploads: [{ id: 204 }],
    });
  });
});
