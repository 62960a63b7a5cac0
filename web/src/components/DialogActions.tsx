import { Button, Group } from '@mantine/core';

/**
 * The Cancel / Save row of every form dialog. Neither button takes focus on press: a blur error appearing
 * under the pointer would shift the button and swallow the click (Cancel then needed a second click).
 */
export function DialogActions({ onCancel, pending, saveLabel = 'Save' }: { onCancel: () => void; pending: boolean; saveLabel?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending} onMouseDown={(event) => event.preventDefault()}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} onMouseDown={(event) => event.preventDefault()}>
        {saveLabel}
      </Button>
    </Group>
  );
}
