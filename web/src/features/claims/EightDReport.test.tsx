import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Claim, Claim8D } from '@generated/model';
import { MESSAGES } from '../../api/messages';
import { claimFixture, renderClaims } from './renderClaims.test-utils';
import { enterText } from '../../test/render.test-utils';

/** Issue 17, item 4: the 8D report on the claim page (the GP edits it; a client reads it). */

const EMPTY: Claim8D = {
  preparation: null,
  team: null,
  problem: { what: null, where: null, when: null, who: null, why: null, how: null, howMany: null },
  containment: null,
  containmentFromTrace: null,
  rootCause: null,
  escapePoint: null,
  correctiveActions: null,
  validation: null,
  prevention: null,
  recognition: null,
};
const FILLED: Claim8D = {
  ...EMPTY,
  containmentFromTrace: {
    at: '2026-03-12T09:00:00Z',
    by: 'Alice Admin',
    entries: [
      { kind: 'lot', label: 'Lot 31 · SUP-8841', detail: 'PET 28g from Alpla, delivered 2026-03-02', quantity: 120000 },
      { kind: 'order item', label: 'PO-24-0121 · NS-0500 (Fjord Water AS)', detail: 'open, due 2026-04-01: stop it; from Lot 31', quantity: 30000 },
    ],
  },
};

function serve(face: 'admin' | 'client', claim: Claim, fill?: () => Response) {
  const calls: { saves: { Claim: Record<string, unknown> }[]; fills: unknown[] } = { saves: [], fills: [] };
  server.use(
    http.post(`*/api/${face}/claims/get`, () => HttpResponse.json(claim)),
    http.post(`*/api/${face}/claims/filter`, () => HttpResponse.json({ rows: [], count: 0 })),
    http.post(`*/api/${face}/claims/save`, async ({ request }) => {
      calls.saves.push((await request.json()) as { Claim: Record<string, unknown> });
      return HttpResponse.json({ ...claim, version: claim.version + 1 });
    }),
    http.post('*/api/admin/claims/orders/filter', () => HttpResponse.json({ rows: [{ id: 12, orderNo: 'PO-24-0117' }] })),
    http.post('*/api/admin/claims/products/filter', () => HttpResponse.json({ rows: [] })),
    http.post('*/api/client/claims/orders/filter', () => HttpResponse.json({ rows: [{ id: 12, orderNo: 'PO-24-0117' }] })),
    http.get('*/api/client/products/get', () => HttpResponse.json({ clientProducts: [], warehouseStock: [] })),
    http.post('*/api/admin/claims/containment/from-trace', async ({ request }) => {
      calls.fills.push(await request.json());
      return fill ? fill() : HttpResponse.json({ ...claim, version: claim.version + 1, eightD: FILLED });
    }),
  );
  return calls;
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'textarea' });
const report = () => screen.getByRole('group', { name: '8D report' });

describe('the 8D report on the claim page', { timeout: 30_000 }, () => {
  it('the GP fills D2 and D4 and saves: the report goes with the claim, trimmed, blank as null, the short form untouched', async () => {
    const calls = serve('admin', claimFixture({ status: 'under investigation', eightD: { ...EMPTY, team: 'Anna; Olga' } }));
    const user = userEvent.setup();
    renderClaims('/claims/17', 'admin');
    await screen.findByRole('heading', { name: 'Claim 17' });
    const d2 = within(screen.getByRole('group', { name: 'D2 Problem (5W2H)' }));
    await enterText(user, d2.getByLabelText('What'), ' Black specks ');
    await enterText(user, d2.getByLabelText('How many'), '2 pallets');
    await enterText(user, field(/^D4 Root cause/), 'Degraded PET.');
    await enterText(user, field(/^D4 Escape point/), 'Camera missed the neck.');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]!.Claim).toMatchObject({
      id: 17,
      version: 2,
      rootCouse: null,
      eightD: {
        preparation: null,
        team: 'Anna; Olga',
        problem: { what: 'Black specks', where: null, when: null, who: null, why: null, how: null, howMany: '2 pallets' },
        rootCause: 'Degraded PET.',
        escapePoint: 'Camera missed the neck.',
        recognition: null,
      },
    });
  });

  it("a D field over the contract's length shows the catalogue's message and sends nothing", async () => {
    const calls = serve('admin', claimFixture({ status: 'under investigation', eightD: EMPTY }));
    const user = userEvent.setup();
    renderClaims('/claims/17', 'admin');
    await screen.findByRole('heading', { name: 'Claim 17' });
    fireEvent.change(field(/^D7 Prevention/), { target: { value: 'x'.repeat(4001) } });
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText(MESSAGES.tooLong(4000))).toBeInTheDocument();
    expect(field(/^D7 Prevention/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.saves).toEqual([]);
  });

  it('an edited D field is an unsaved change: Cancel asks before leaving', async () => {
    serve('admin', claimFixture({ status: 'under investigation', eightD: EMPTY }));
    const user = userEvent.setup();
    const router = renderClaims('/claims/17', 'admin');
    await screen.findByRole('heading', { name: 'Claim 17' });
    await user.type(field(/^D1 Team/), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims'));
  });

  it("D3 is filled from the trace with the version read; the list shows the affected lot and order; it waits while edits are unsaved", async () => {
    const calls = serve('admin', claimFixture({ status: 'under investigation', eightD: EMPTY }));
    const user = userEvent.setup();
    renderClaims('/claims/17', 'admin');
    await screen.findByRole('heading', { name: 'Claim 17' });
    expect(within(report()).getByText('Not filled yet.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Fill from the trace' });
    await user.type(field(/^D1 Team/), 'Anna');
    expect(button).toBeDisabled();
    expect(screen.getByText('Save your changes first: filling the list saves the claim.')).toBeInTheDocument();
    await user.clear(field(/^D1 Team/));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const table = await screen.findByRole('table', { name: "Affected, from the trace of the claimed item's lots" });
    expect(calls.fills).toEqual([{ id: 17, version: 2 }]);
    expect(within(table).getByRole('row', { name: /Lot Lot 31 · SUP-8841 .* 120,000/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Order item PO-24-0121 · NS-0500 \(Fjord Water AS\) open.*stop it/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill again from the trace' })).toBeEnabled();
  });

  it('a claim with no lot to trace says why, and the list stays as it was', async () => {
    const detail = 'No preform lot is recorded for NS-0500 in order PO-24-0117 (no production recorded for it, or its preforms came from stock without a lot): D3 was not filled from the trace.';
    serve('admin', claimFixture({ status: 'under investigation', eightD: EMPTY }), () =>
      HttpResponse.json({ title: 'Conflict', status: 409, detail }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
    );
    const user = userEvent.setup();
    renderClaims('/claims/17', 'admin');
    await screen.findByRole('heading', { name: 'Claim 17' });
    await user.click(screen.getByRole('button', { name: 'Fill from the trace' }));
    const alert = (await screen.findByText('D3 not filled from the trace')).closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(within(alert).getByText(detail, { exact: false })).toBeInTheDocument();
    expect(within(report()).getByText('Not filled yet.')).toBeInTheDocument();
  });

  it('a client reads the report the GP wrote, every field disabled, without the staff list or its button', async () => {
    serve('client', claimFixture({ status: 'under investigation', eightD: { ...EMPTY, rootCause: 'Degraded PET.', problem: { ...EMPTY.problem, what: 'Black specks' } } }));
    renderClaims('/claims/17', 'client');
    await screen.findByRole('heading', { name: 'Claim 17' });
    expect(field(/^D4 Root cause/)).toHaveValue('Degraded PET.');
    expect(field(/^D4 Root cause/)).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'D2 Problem (5W2H)' })).getByLabelText('What')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Fill .*from the trace/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Affected, from the trace of the claimed item's lots")).not.toBeInTheDocument();
  });

  it('a client sees no 8D section while the GP has written none', async () => {
    serve('client', claimFixture({ eightD: EMPTY }));
    renderClaims('/claims/17', 'client');
    await screen.findByRole('heading', { name: 'Claim 17' });
    expect(screen.queryByRole('group', { name: '8D report' })).not.toBeInTheDocument();
  });
});
