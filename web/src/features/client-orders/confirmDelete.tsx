import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Deleting asks first: `message` with Cancel and a red Delete that runs `onConfirm`. */
export function confirmDelete({ title, message, onConfirm }: { title: string; message: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
