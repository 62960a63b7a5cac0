import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { QueryError } from './QueryError';

/** The record id of an editor's route: null for `new` (or no id), otherwise the number, which may be no valid id. */
export const recordIdOf = (id: string | undefined) => (id === undefined || id === 'new' ? null : Number(id));

/** A row id the API can have: a whole number above 0. */
export const isRecordId = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0;

/**
 * Where a screen waits for what it shows (a record editor's claim or order, a chart's data): the read's failure with
 * Retry (for a record, an unknown or another company's id: the API's 404), a loader named `label` meanwhile, then the
 * screen.
 */
export function RecordLoad<T>({
  query,
  label,
  children,
}: {
  query: { isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  label: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) {
    return (
      <Center mih={200}>
        <Loader role="status" aria-label={label} />
      </Center>
    );
  }
  return <>{children(query.data)}</>;
}
