import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/** A webhook secret, once: a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <Stack>
      <Alert color="orange" icon={<IconAlertTriangle />} title="Copy the signing secret now">
        <Text size="sm">
          This is the only time the secret is shown. The receiver verifies each delivery&apos;s webhook-signature with it (Standard Webhooks).
          {rotated ? ' The previous secret keeps signing beside it for a while, so the receiver can switch without losing a delivery.' : ''}
        </Text>
      </Alert>
      <div>
        <Text size="sm" fw={500} id="secret-label">
          Signing secret
        </Text>
        <Code block aria-labelledby="secret-label">
          {secret}
        </Code>
      </div>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
