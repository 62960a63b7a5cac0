import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks before deleting the selected rows of a list, in the spec's words ('Are you sure you want to delete this
 * item?', Cancel and a red Delete); `onConfirm` runs only on Delete.
 */
export function confirmDelete({ title, count, onConfirm }: { title: string; count: number; onConfirm: () => void }) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{count === 1 ? 'Are you sure you want to delete this item?' : `Are you sure you want to delete these ${count} items?`}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
