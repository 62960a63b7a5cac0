import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { getAdminSupplyGetSupplyOrdersResponseMock } from '@generated/endpoints/supply/supply.msw';
import SupplyOrderDialog from './SupplyOrderDialog';

function serveLookups(options: { suppliers?: { id: number; name: string }[] } = {}) {
  const preformFilters: string[] = [];
  const warehouseFilters: string[] = [];
  server.use(
    http.post('*/api/admin/preforms/get', async ({ request }) => {
      const body = (await request.json()) as { filter?: string };
      preformFilters.push(body.filter ?? '');
      return HttpResponse.json({
        rows: [{ id: 3, preformName: 'PET 28g', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qtyPerBox: 1250, PreformSupplies: [], productCount: 0, version: 0 }],
        count: 1,
      });
    }),
    http.post('*/api/admin/warehouses/get', async ({ request }) => {
      const body = (await request.json()) as { filter?: string };
      warehouseFilters.push(body.filter ?? '');
      return HttpResponse.json({ rows: [{ id: 1, warehouseName: 'Riga North', clientProductCount: 2 }], count: 1 });
    }),
    http.post('*/api/admin/preform/suppliers/get', () =>
      HttpResponse.json({
        rows: (options.suppliers ?? [{ id: 7, name: 'Retal Baltic Films' }, { id: 8, name: 'Plastipak Bohemia' }]).map((supplier) => ({
          id: supplier.id, preformId: 3, manufacturerId: supplier.id, Manufacturer: { id: supplier.id, manufacturerName: supplier.name, defaultLeadTime: 14 }, ClientProducts: [],
        })),
      }),
    ),
  );
  return { preformFilters, warehouseFilters };
}

async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: RegExp, text: string, option: string) {
  await user.type(within(dialog).getByLabelText(label, { selector: 'input' }), text);
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 2000 }));
}

describe("'Add supply order' / 'Edit supply order'", { timeout: 30_000 }, () => {
  it('opens with the Preform field focused but its list closed: Cancel closes the dialog at the first click, no error shown', async () => {
    serveLookups();
    const onClose = vi.fn();
    const user = userEvent.setup();
    function Board() {
      const [open, setOpen] = useState(true);
      return open ? <SupplyOrderDialog order="new" onClose={() => { onClose(); setOpen(false); }} /> : null;
    }
    renderWithProviders(<Board />);
    const dialog = await screen.findByRole('dialog', { name: 'Add supply order' });
    const preform = within(dialog).getByLabelText(/^Preform/, { selector: 'input' });
    await waitFor(() => expect(preform).toHaveFocus());
    expect(preform).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add supply order' })).not.toBeInTheDocument());
    expect(screen.queryByText('Field is required.')).not.toBeInTheDocument();
  });

  it("validates on touch with the messages of part 5 and an invalid submit sends nothing, logs Invalid! and says 'Please fix field errors.'", async () => {
    serveLookups();
    let saves = 0;
    server.use(http.post('*/api/admin/supply/save', () => { saves++; return HttpResponse.json({}); }));
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<SupplyOrderDialog order="new" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add supply order' });

    const supplier = within(dialog).getByLabelText(/^Supplier/, { selector: 'input' });
    expect(supplier).toBeDisabled();
    expect(supplier).toHaveAttribute('placeholder', 'Select preform first');

    const amount = within(dialog).getByLabelText(/^Ordered amount/, { selector: 'input' });
    // (NumberInput accepts digits only, so 'Field has to be a number.' cannot arise here)
    const amountField = within(amount.closest<HTMLElement>('.mantine-InputWrapper-root')!);
    await user.click(amount);
    await user.tab();
    expect(await amountField.findByText('Field is required.')).toBeInTheDocument();
    await user.type(amount, '999');
    await user.tab();
    expect(await within(dialog).findByText('Field has to be between 1,000 and 10,000,000.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10000001');
    expect(amount).toHaveValue('10,000,001');
    await user.tab();
    expect(within(dialog).getByText('Field has to be between 1,000 and 10,000,000.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Field is required.')).toHaveLength(3); // preform, warehouse, supplier
    expect(within(dialog).getAllByText('Field has to be between 1,000 and 10,000,000.')).toHaveLength(1);
    expect(saves).toBe(0);
    expect(log).toHaveBeenCalledWith('Invalid!');
    // Part 8's fallback says so once, also when the invalid form is submitted again.
    expect(await screen.findByText('Please fix field errors.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Please fix field errors.')).toHaveLength(1);
    expect(saves).toBe(0);
    log.mockRestore();
  });

  it('looks preforms and warehouses up on the server after 2 typed characters; suppliers come with the preform', async () => {
    const lookups = serveLookups();
    const user = userEvent.setup();
    renderWithProviders(<SupplyOrderDialog order="new" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add supply order' });
    await user.type(within(dialog).getByLabelText(/^Preform/, { selector: 'input' }), 'P');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lookups.preformFilters).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Preform/, { selector: 'input' }), 'E');
    await user.click(await screen.findByRole('option', { name: 'PET 28g - PET - Clear' }, { timeout: 2000 }));
    expect(lookups.preformFilters).toEqual(['PE']);
    const supplier = within(dialog).getByLabelText(/^Supplier/, { selector: 'input' });
    await waitFor(() => expect(supplier).toBeEnabled());
    await pick(user, dialog, /^Warehouse/, 'Ri', 'Riga North');
    expect(lookups.warehouseFilters).toEqual(['Ri']);
  });

  it("a preform without suppliers reads 'This preform has no suppliers set.'", async () => {
    serveLookups({ suppliers: [] });
    const user = userEvent.setup();
    renderWithProviders(<SupplyOrderDialog order="new" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add supply order' });
    await pick(user, dialog, /^Preform/, 'PE', 'PET 28g - PET - Clear');
    const supplier = within(dialog).getByLabelText(/^Supplier/, { selector: 'input' });
    await waitFor(() => expect(supplier).toHaveAttribute('placeholder', 'This preform has no suppliers set.'));
    expect(supplier).toBeDisabled();
  });

  it('creates a pending order from the filled form', async () => {
    serveLookups();
    let sent: unknown;
    server.use(http.post('*/api/admin/supply/save', async ({ request }) => { sent = await request.json(); return HttpResponse.json(getAdminSupplyGetSupplyOrdersResponseMock()[0]); }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    function Board() {
      const [open, setOpen] = useState(true);
      return open ? <SupplyOrderDialog order="new" onClose={() => { onClose(); setOpen(false); }} /> : null;
    }
    renderWithProviders(<Board />);
    const dialog = await screen.findByRole('dialog', { name: 'Add supply order' });
    await pick(user, dialog, /^Preform/, 'PE', 'PET 28g - PET - Clear');
    await pick(user, dialog, /^Warehouse/, 'Ri', 'Riga North');
    await user.click(within(dialog).getByLabelText(/^Supplier/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plastipak Bohemia' }));
    // typed as every screen writes a day: the 16th of March, DD.MM.YYYY
    expect(within(dialog).getByLabelText(/^Due date/, { selector: 'input' })).toHaveAttribute('placeholder', 'DD.MM.YYYY');
    await user.type(within(dialog).getByLabelText(/^Due date/, { selector: 'input' }), '16.03.2026');
    await user.type(within(dialog).getByLabelText(/^Ordered amount/, { selector: 'input' }), '250000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({
      Order: { orderStatus: 'pending', preformId: 3, preformWarehouseId: 1, preformSupplyId: 8, dueDate: '2026-03-16', orderedAmount: 250000 },
    });
  });

  it('edit shows the order and sends its id and version', async () => {
    serveLookups();
    const order = { ...getAdminSupplyGetSupplyOrdersResponseMock()[0]!, version: 6 };
    let sent: { Order: Record<string, unknown> } | undefined;
    server.use(http.post('*/api/admin/supply/save', async ({ request }) => { sent = (await request.json()) as typeof sent; return HttpResponse.json(order); }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SupplyOrderDialog order={order} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit supply order' });
    expect(within(dialog).getByLabelText(/^Preform/, { selector: 'input' })).toHaveValue('PET 28g PCO1810 Clear - PET - Clear');
    expect(within(dialog).getByLabelText(/^Warehouse/, { selector: 'input' })).toHaveValue('Riga North');
    expect(within(dialog).getByLabelText(/^Due date/, { selector: 'input' })).toHaveValue('16.03.2026');
    const amount = within(dialog).getByLabelText(/^Ordered amount/, { selector: 'input' });
    expect(amount).toHaveValue('250,000');
    await user.clear(amount);
    await user.type(amount, '300000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent?.Order).toMatchObject({ id: 41, version: 6, orderStatus: 'pending', orderedAmount: 300000, preformId: 3, preformWarehouseId: 1, preformSupplyId: 7, clientProductionOrderId: 12 });
  });

  it('a failed save keeps the dialog open with the input', async () => {
    serveLookups();
    const order = getAdminSupplyGetSupplyOrdersResponseMock()[0]!;
    server.use(
      http.post('*/api/admin/supply/save', () =>
        HttpResponse.json({ title: 'Conflict', status: 409, detail: 'Only pending supply orders can be edited.' }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SupplyOrderDialog order={order} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit supply order' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only pending supply orders can be edited.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit supply order' })).toBeInTheDocument();
  });
});
