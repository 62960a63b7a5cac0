import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';

/**
 * Asks before a navigation leaves unsaved edits behind ('Discard changes?' with Stay and Discard changes), and lets
 * the browser warn when the tab is closed or reloaded. `when` is asked at the moment of leaving; `subject` names
 * what would be lost ('This order').
 */
export function UnsavedChangesGuard({ when, subject }: { when: () => boolean; subject: string }) {
  const { t } = useLingui();
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title={t`Discard changes?`} size="sm">
      <Stack>
        <Text size="sm">
          <Trans>{subject} has changes that are not saved. Leave and lose them?</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            <Trans>Stay</Trans>
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            <Trans>Discard changes</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
