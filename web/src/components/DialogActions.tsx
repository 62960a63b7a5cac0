import { Button, Group } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The Cancel / Save row of every form dialog. Neither button takes focus on press: a blur error appearing
 * under the pointer would shift the button and swallow the click (Cancel then needed a second click).
 */
export function DialogActions({ onCancel, pending, saveLabel }: { onCancel: () => void; pending: boolean; saveLabel?: string }) {
  const { t } = useLingui();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending} onMouseDown={(event) => event.preventDefault()}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={pending} onMouseDown={(event) => event.preventDefault()}>
        {saveLabel ?? t`Save`}
      </Button>
    </Group>
  );
}
