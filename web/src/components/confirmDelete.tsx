import { Text } from '@mantine/core';
import { openConfirm } from './confirm';

type ConfirmDeleteProps = { title: string; onConfirm: () => void } & ({ count: number } | { message: string });

/**
 * Asks before deleting, in the spec's words ('Are you sure you want to delete this item?' for `count` rows, or a
 * `message` of the caller's), with Cancel and a red Delete; `onConfirm` runs only on Delete.
 */
export function confirmDelete({ title, onConfirm, ...what }: ConfirmDeleteProps) {
  const message =
    'message' in what
      ? what.message
      : what.count === 1
        ? 'Are you sure you want to delete this item?'
        : `Are you sure you want to delete these ${what.count} items?`;
  openConfirm({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
