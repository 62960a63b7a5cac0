import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { enterText, renderWithProviders } from '../../test/render.test-utils';
import type { DowntimeCause } from '@generated/model';
import DowntimeCausesPage from './DowntimeCausesPage';
import { CAUSES, headers, problem } from './downtime.test-utils';

/** The causes calls: the list (recording bodies), save (answers the saved cause, or `saveProblem`), delete (or `deleteProblem`). */
function serveCauses(options: { saveProblem?: [number, string]; deleteProblem?: [number, string] } = {}) {
  const lists: unknown[] = [];
  const saves: unknown[] = [];
  const deletes: unknown[] = [];
  server.use(
    http.post('*/api/admin/downtime/causes/get', async ({ request }) => {
      lists.push(await request.json());
      return HttpResponse.json({ rows: [...CAUSES].reverse(), count: CAUSES.length });
    }),
    http.post('*/api/admin/downtime/causes/save', async ({ request }) => {
      const body = (await request.json()) as { cause: Partial<DowntimeCause> };
      saves.push(body);
      if (options.saveProblem) return problem(...options.saveProblem);
      return HttpResponse.json({ id: 9, productCount: 0, version: 0, ...body.cause });
    }),
    http.post('*/api/admin/downtime/causes/delete', async ({ request }) => {
      deletes.push(await request.json());
      return options.deleteProblem ? problem(...options.deleteProblem) : HttpResponse.json({ ok: true });
    }),
  );
  return { lists, saves, deletes };
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const deleteButton = () => screen.getByRole('button', { name: 'Delete selected' });
/** Renders the page and opens 'New cause'. */
async function openNewCause(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<DowntimeCausesPage />);
  await screen.findByText('Preform shortage');
  await user.click(screen.getByRole('button', { name: 'New' }));
  return screen.findByRole('dialog', { name: 'New cause' });
}
const input = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input, textarea' });

describe("admin '/downtimes/causes'", { timeout: 30_000 }, () => {
  it('asks for id descending, 10 a page, and shows causeName and causeDescription with a product-count badge', async () => {
    const api = serveCauses();
    renderWithProviders(<DowntimeCausesPage />);
    expect(await screen.findByText('Preform shortage')).toBeInTheDocument();
    expect(api.lists[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'id', descending: true } });
    expect(headers().slice(1)).toEqual(['Name', 'Description', 'Products']);
    expect(within(rowOf('Mould change')).getByLabelText('12 products affected')).toHaveTextContent('12');
    expect(within(rowOf('Preform shortage')).getByText('No preforms of the right kind at the machine.')).toBeInTheDocument();
  });

  it("'Delete selected' is disabled with no selection, asks first, and sends the selected ids", async () => {
    const api = serveCauses();
    const user = userEvent.setup();
    renderWithProviders(<DowntimeCausesPage />);
    await screen.findByText('Preform shortage');
    expect(deleteButton()).toBeDisabled();
    await user.click(within(rowOf('Preform shortage')).getByRole('checkbox'));
    expect(deleteButton()).toBeEnabled();
    await user.click(deleteButton());
    const confirm = await screen.findByRole('dialog', { name: 'Delete causes' });
    expect(within(confirm).getByText(/Are you sure you want to delete the cause Preform shortage\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.deletes).toHaveLength(0);

    await user.click(deleteButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete causes' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deletes).toEqual([{ ids: [4] }]));
    expect(await screen.findByText('Cause deleted.')).toBeInTheDocument();
    await waitFor(() => expect(deleteButton()).toBeDisabled());
    expect(api.lists.length).toBeGreaterThan(1);
  });

  it('a cause in use answers 409: the screen says it was not deleted and why', async () => {
    serveCauses({ deleteProblem: [409, 'Causes in use by downtimes cannot be deleted: Mould change.'] });
    const user = userEvent.setup();
    renderWithProviders(<DowntimeCausesPage />);
    await user.click(within(await screen.findByRole('row', { name: /Mould change/ })).getByRole('checkbox'));
    await user.click(deleteButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete causes' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Not deleted')).toBeInTheDocument();
    expect(screen.getByText('Causes in use by downtimes cannot be deleted: Mould change.')).toBeInTheDocument();
    expect(rowOf('Mould change')).toBeInTheDocument();
  });

  it("New opens 'New cause'; both texts are required ('Field is required.'), also when only blanks; nothing is sent while invalid", async () => {
    const api = serveCauses();
    const user = userEvent.setup();
    const dialog = await openNewCause(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Field is required.')).toHaveLength(2);
    await user.type(input(dialog, /^Name/), '   ');
    await enterText(user, input(dialog, /^Description/), 'Chiller stopped.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Field is required.')).toHaveLength(1);
    expect(api.saves).toHaveLength(0);
  });

  it('saves the trimmed texts, closes, says so and reloads the list', async () => {
    const api = serveCauses();
    const user = userEvent.setup();
    const dialog = await openNewCause(user);
    await enterText(user, input(dialog, /^Name/), '  Cooling failure ');
    await enterText(user, input(dialog, /^Description/), ' Chiller stopped.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.saves).toEqual([{ cause: { causeName: 'Cooling failure', causeDescription: 'Chiller stopped.', planned: false } }]);
    expect(await screen.findByText('Cause Cooling failure saved.')).toBeInTheDocument();
    await waitFor(() => expect(api.lists).toHaveLength(2));
  });

  it("a row click opens 'Edit cause' with its texts and saves with its id and version; a failed save keeps the dialog and says why", async () => {
    const api = serveCauses({ saveProblem: [409, 'This cause was changed by someone else meanwhile. Reload it and apply your change again.'] });
    const user = userEvent.setup();
    renderWithProviders(<DowntimeCausesPage />);
    await user.click(await screen.findByText('Planned change of the blow mould.'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit cause' });
    expect(input(dialog, /^Name/)).toHaveValue('Mould change');
    await enterText(user, input(dialog, /^Description/), ' Takes an hour.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This cause was changed by someone else meanwhile. Reload it and apply your change again.')).toBeInTheDocument();
    expect(api.saves).toEqual([{ cause: { id: 3, version: 1, causeName: 'Mould change', causeDescription: 'Planned change of the blow mould. Takes an hour.', planned: false } }]);
    expect(screen.getByRole('dialog', { name: 'Edit cause' })).toBeInTheDocument();
    expect(input(dialog, /^Description/)).toHaveValue('Planned change of the blow mould. Takes an hour.');
  });

  it("'Planned stop' marks a changeover or maintenance cause as planned downtime", async () => {
    const api = serveCauses();
    const user = userEvent.setup();
    const dialog = await openNewCause(user);
    await enterText(user, input(dialog, /^Name/), 'Changeover');
    await enterText(user, input(dialog, /^Description/), 'Format change.');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Planned stop/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves).toEqual([{ cause: { causeName: 'Changeover', causeDescription: 'Format change.', planned: true } }]));
  });
});
