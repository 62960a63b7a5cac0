import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/** A value shown in full under its label (a client id, a secret, a token), read out by its label. */
export function LabelledValue({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Code block aria-labelledby={id}>
        {value}
      </Code>
    </div>
  );
}

/**
 * A credential the portal shows once (it keeps only a hash, or must not show it again): the warning, the values, a
 * copy button for the one that matters, and Done. Machine tokens, API client secrets and webhook signing secrets.
 */
export function ShownOnce({
  warning,
  children,
  copy,
  onClose,
}: {
  /** The orange warning's title and text; none when there is nothing secret to warn about. */
  warning?: { title: string; text: ReactNode };
  /** The values, LabelledValue each (and any word before them). */
  children: ReactNode;
  /** What the copy button copies, and its label ('Copy secret'); none: no copy button. */
  copy?: { value: string; label: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Stack>
      {warning && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={warning.title}>
          <Text size="sm">{warning.text}</Text>
        </Alert>
      )}
      {children}
      <Group justify="flex-end">
        {copy && (
          <CopyButton value={copy.value}>
            {({ copied, copy: copyValue }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copyValue}>
                {copied ? t`Copied` : copy.label}
              </Button>
            )}
          </CopyButton>
        )}
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
