import { Group, RingProgress, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatPercent } from './format';

/** The Progress cell of the order lists (client and admin): a circular indicator and the percentage produced. */
export function OrderProgress({ part }: { part: number }) {
  const { t } = useLingui();
  const percent = formatPercent(part);
  return (
    <Group gap={6} wrap="nowrap" aria-label={t`Progress ${percent}`}>
      <RingProgress
        size={34}
        thickness={4}
        roundCaps={part > 0}
        sections={[{ value: Math.min(100, Math.max(0, part * 100)), color: part >= 1 ? 'teal' : 'blue' }]}
        aria-hidden
      />
      <Text size="sm">{percent}</Text>
    </Group>
  );
}
