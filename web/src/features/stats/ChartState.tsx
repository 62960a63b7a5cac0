import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../../components/QueryError';

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
 * The states of a chart's query in one place: a loader while the first answer is on its way, the failure with
 * Retry, the empty state, and the chart once there is something to draw.
 */
export function ChartState<T>({
  query,
  label,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  /** Names what is loading, for screen readers ('Loading produced quantities'). */
  label: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) {
    return (
      <Center mih={200}>
        <Loader aria-label={`Loading ${label}`} />
      </Center>
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}
