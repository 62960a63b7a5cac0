import { Text } from '@mantine/core';
import { plural, t } from '@lingui/core/macro';
import { openConfirm } from './confirm';

type ConfirmDeleteProps = { title: string; onConfirm: () => void } & ({ count: number } | { message: string });

/**
 * Asks before deleting, in the spec's words ('Are you sure you want to delete this item?' for `count` rows, or a
 * `message` of the caller's), with Cancel and a red Delete; `onConfirm` runs only on Delete.
 */
export function confirmDelete({ title, onConfirm, ...what }: ConfirmDeleteProps) {
  const count = 'count' in what ? what.count : 0;
  const message =
    'message' in what
      ? what.message
      : plural(count, { one: 'Are you sure you want to delete this item?', other: 'Are you sure you want to delete these # items?' });
  openConfirm({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: t`Delete`, cancel: t`Cancel` },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
