import { Button, Text } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The host's "loaded yet" is module state, and the web tests share a module graph across files: this file takes fresh
// copies, so an earlier file's confirmation cannot make the host look loaded before this screen asks.
let renderWithProviders: typeof import('../test/render.test-utils').renderWithProviders;
let openConfirm: typeof import('./confirm').openConfirm;
let useConfirmHost: typeof import('./confirm').useConfirmHost;
beforeAll(async () => {
  vi.resetModules();
  ({ renderWithProviders } = await import('../test/render.test-utils'));
  ({ openConfirm, useConfirmHost } = await import('./confirm'));
});

/** Shows whether AppProviders has the confirmations' host to render (loaded), and asks for a confirmation. */
function Screen({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const host = useConfirmHost();
  return (
    <>
      <Text>{host ? 'host loaded' : 'no host yet'}</Text>
      <Button
        onClick={() =>
          openConfirm({ title: 'Revoke credential', children: <Text>Revoke it?</Text>, labels: { confirm: 'Revoke', cancel: 'Cancel' }, onConfirm, onCancel })
        }
      >
        Revoke
      </Button>
    </>
  );
}

describe('openConfirm (confirmations on demand)', () => {
  it('loads the confirmations only when a screen first asks, then asks every time: Cancel runs nothing, the confirm button runs onConfirm', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Screen onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByText('no host yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const first = await screen.findByRole('dialog', { name: 'Revoke credential' });
    expect(screen.getByText('host loaded')).toBeInTheDocument();
    expect(within(first).getByText('Revoke it?')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const second = await screen.findByRole('dialog', { name: 'Revoke credential' });
    await user.click(within(second).getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
