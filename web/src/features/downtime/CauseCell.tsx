import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { DowntimeCause, DowntimeHistoryItem } from '@generated/model';
import { messageFor } from '../../api/messages';
import { useServerLookup } from '../../components/useServerLookup';
import { formatHistoryDate } from './downtimeFormat';
import './catalogue';

/** The face's causes call for one search text ('' for the first causes by name): the select searches the server. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each face's generated call has its own error type
export type CauseLookup = (filter: string) => UseQueryOptions<any, any, { rows: DowntimeCause[] }, QueryKey>;

export interface CauseEditing {
  /** The cause select's search (by name, on the server: there may be more causes than one page). */
  lookup: CauseLookup;
  /** Saves the stop's cause at the version read; resolves when saved, rejects when not. */
  save: (item: DowntimeHistoryItem, causeId: number) => Promise<unknown>;
}

const causeOption = (cause: Pick<DowntimeCause, 'id' | 'causeName'>) => ({ value: String(cause.id), label: cause.causeName });

/**
 * A stop's cause, editable in place ('Update cause'): the pencil turns the cell into a select of causes with
 * save and cancel. A cause is required (part 5). A failed save keeps the editor open with the choice.
 */
export function CauseCell({ item, editing, label }: { item: DowntimeHistoryItem; editing: CauseEditing; label: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [causeId, setCauseId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [machine, day] = [item.machineName, formatHistoryDate(item.actualDate)];
  const causes = useServerLookup({
    query: editing.lookup,
    option: causeOption,
    value: causeId,
    known: item.DowntimeCause ? [causeOption(item.DowntimeCause)] : undefined,
    browse: true,
    what: 'cause',
  });

  const start = () => {
    setCauseId(item.causeId == null ? null : String(item.causeId));
    setError(null);
    setOpen(true);
  };
  const submit = async () => {
    if (!causeId) {
      setError(messageFor({ field: 'historyItem.causeId', code: 'required' }));
      return;
    }
    setPending(true);
    try {
      await editing.save(item, Number(causeId));
      setOpen(false);
    } catch {
      // the notification says why; the editor stays open with the choice
    } finally {
      setPending(false);
    }
  };

  if (!open) {
    return (
      <Group gap={4} wrap="nowrap" justify="space-between">
        {item.DowntimeCause ? (
          <Text size="sm">{item.DowntimeCause.causeName}</Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            <Trans>No cause yet</Trans>
          </Text>
        )}
        <Tooltip label={t`Update cause`}>
          <ActionIcon variant="subtle" size="sm" aria-label={t`Update cause of ${machine} on ${day}`} onClick={start}>
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group
      gap={4}
      wrap="nowrap"
      align="flex-start"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) setOpen(false);
      }}
    >
      <Select
        aria-label={label}
        size="xs"
        miw={160}
        autoFocus
        placeholder={t`Search causes`}
        {...causes.props}
        value={causeId}
        onChange={(value) => {
          setCauseId(value);
          setError(null);
        }}
        error={error}
        comboboxProps={{ withinPortal: true }}
        disabled={pending}
      />
      <ActionIcon variant="filled" size={30} aria-label={t`Save cause of ${machine} on ${day}`} loading={pending} onClick={() => void submit()}>
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon variant="default" size={30} aria-label={t`Cancel`} disabled={pending} onClick={() => setOpen(false)}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
