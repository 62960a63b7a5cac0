import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import ManufacturersPage from './ManufacturersPage';

describe('/manufacturers', () => {
  it('lists the manufacturers with name and lead time', async () => {
    renderWithProviders(<ManufacturersPage />);
    expect(await screen.findByText('Retal Baltic Films')).toBeInTheDocument();
    expect(screen.getByText('14')).toBeInTheDocument();
  });

  it('shows the messages of part 5 and sends nothing while the form is invalid', async () => {
    let saves = 0;
    server.use(http.post('*/api/admin/manufacturer/save', () => { saves++; return HttpResponse.json({}); }));
    const user = userEvent.setup();
    renderWithProviders(<ManufacturersPage />);
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New manufacturer' });
    await user.type(within(dialog).getByLabelText(/Lead time/), '-1');
    await user.type(within(dialog).getByLabelText(/Boxes per truck/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Specify lead time more then 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Specify quantity more then 0!')).toBeInTheDocument();
    expect(saves).toBe(0);
  });

  it('keeps the input and says why when the server refuses a stale edit', async () => {
    server.use(
      http.post('*/api/admin/manufacturer/save', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'This manufacturer was changed by someone else meanwhile.' },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturersPage />);
    await user.click(await screen.findByText('Retal Baltic Films'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit manufacturer' });
    const name = within(dialog).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Retal Baltic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This manufacturer was changed by someone else meanwhile.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Edit manufacturer' })).toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Edit manufacturer' })).getByLabelText(/Name/)).toHaveValue('Retal Baltic');
  });
});
