import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { describeError } from '../api/describeError';

/** A failed load says why and offers a retry, instead of an endless spinner. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" title={t`Could not load`} role="alert">
      <Group justify="space-between">
        <Text size="sm">{describeError(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
