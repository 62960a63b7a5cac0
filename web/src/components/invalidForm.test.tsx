import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../test/render';
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
});
