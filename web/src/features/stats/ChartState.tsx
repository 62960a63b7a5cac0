import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Center, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { RecordLoad } from '../../components/RecordLoad';
import './catalogue';

/** What a chart shows when there is nothing to draw: what is missing, and what to try. */
export function ChartEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <Center mih={200}>
      <Stack gap={4} align="center">
        <Text fw={500}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The states of a chart's query in one place: the loading and failure states of any loaded record (RecordLoad),
 * then the empty state, and the chart once there is something to draw.
 */
export function ChartState<T>({
  query,
  label,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  /** Names what is loading, for screen readers, in the chosen language ('produced quantities': 'Loading produced quantities'). */
  label: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <RecordLoad query={query} label={t`Loading ${label}`}>
      {(data) => (isEmpty(data) ? empty : children(data))}
    </RecordLoad>
  );
}
