import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../test/render.test-utils';
import { onInvalidForm } from './invalidForm';

function NameForm({ onSave }: { onSave: (values: { name: string }) => void }) {
  const form = useForm({ mode: 'controlled', initialValues: { name: '' }, validate: { name: (value) => (value.trim() ? null : 'Field is required.') } });
  return (
    <form onSubmit={form.onSubmit(onSave, onInvalidForm)} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('an invalid submit (onInvalidForm)', () => {
  it("sends nothing, logs 'Invalid!' and says 'Please fix field errors.' once, however often it is submitted", async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NameForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fix field errors.')).toBeInTheDocument();
    expect(screen.getByText('Field is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Please fix field errors.')).toHaveLength(1);
    expect(onSave).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Invalid!');

    // A valid form is sent and says nothing of the kind.
    await user.type(screen.getByLabelText('Name'), 'Retal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Retal' }, expect.anything()));
    log.mockRestore();
  });

  it("'Please fix field errors.' leaves once the fields are valid, before the next submit", async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NameForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fix field errors.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'R');
    await waitFor(() => expect(screen.queryByText('Please fix field errors.')).not.toBeInTheDocument());
    expect(onSave).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('stays while another field is still invalid', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const user = userEvent.setup();
    function Closable() {
      const [open, setOpen] = useState(true);
      return open ? <TwoFields onSave={() => setOpen(false)} /> : <p>Closed</p>;
    }
    renderWithProviders(<Closable />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fix field errors.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Retal');
    // the city is still required: the message stays
    expect(screen.getByText('Please fix field errors.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('City'), 'Riga');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please fix field errors.')).not.toBeInTheDocument());
    log.mockRestore();
  });
});

/** Two required fields, validated when submitted (as the dialogs do before a field is touched). */
function TwoFields({ onSave }: { onSave: () => void }) {
  const required = (value: string) => (value.trim() ? null : 'Field is required.');
  const form = useForm({ mode: 'controlled', initialValues: { name: '', city: '' }, validate: { name: required, city: required } });
  return (
    <form onSubmit={form.onSubmit(onSave, onInvalidForm)} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="City" {...form.getInputProps('city')} />
      <Button type="submit">Save</Button>
    </form>
  );
}
