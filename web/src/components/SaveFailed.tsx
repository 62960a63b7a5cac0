import { Alert, Button, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { describeError } from '../api/describeError';

interface SaveFailedProps {
  /** The failed save's error; nothing is shown while it is null and there is no `message`. */
  error: unknown;
  /** What to say instead of the error's own description (e.g. for a stale version). */
  message?: string | null;
  /** Lets the user dismiss the alert. */
  onClose?: () => void;
  /** A way out, e.g. 'Reload order' after someone else changed it. */
  reload?: { label: string; onClick: () => void } | null;
}

/**
 * Where a save failed: says why, in place, so the dialog or the page (and the input) stays; optionally offers a
 * reload. Forms and dialogs show their failed saves with it (useRecordEditor for the editors); a save without a
 * form (a drag on a board, a confirmation, a download) says it in a toast instead, once (app/providers.tsx).
 */
export function SaveFailed({ error, message, onClose, reload }: SaveFailedProps) {
  const { t } = useLingui();
  if (!error && !message) return null;
  return (
    <Alert color="red" title={t`Not saved`} role="alert" withCloseButton={onClose !== undefined} onClose={onClose}>
      <Group justify="space-between">
        <Text size="sm">{message ?? describeError(error)}</Text>
        {reload && (
          <Button size="xs" variant="light" color="red" onClick={reload.onClick}>
            {reload.label}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
