import { useState } from 'react';
import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { DowntimeHistoryItem } from '../../../../generated/web/model';
import { messageFor } from '../../api/messages';
import { formatHistoryDate } from './downtimeFormat';

export interface CauseOption {
  value: string;
  label: string;
}

export interface CauseEditing {
  /** The cause select's options (every cause by name). */
  options: CauseOption[];
  optionsLoading: boolean;
  /** Saves the stop's cause at the version read; resolves when saved, rejects when not. */
  save: (item: DowntimeHistoryItem, causeId: number) => Promise<unknown>;
}

/**
 * A stop's cause, editable in place ('Update cause'): the pencil turns the cell into a select of causes with
 * save and cancel. A cause is required (part 5). A failed save keeps the editor open with the choice.
 */
export function CauseCell({ item, editing, label }: { item: DowntimeHistoryItem; editing: CauseEditing; label: string }) {
  const [open, setOpen] = useState(false);
  const [causeId, setCauseId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const where = `${item.machineName} on ${formatHistoryDate(item.actualDate)}`;

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
            No cause yet
          </Text>
        )}
        <Tooltip label="Update cause">
          <ActionIcon variant="subtle" size="sm" aria-label={`Update cause of ${where}`} onClick={start}>
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
        searchable
        autoFocus
        placeholder={editing.optionsLoading ? 'Loading causes…' : 'Pick a cause'}
        nothingFoundMessage="No cause found"
        data={editing.options}
        value={causeId}
        onChange={(value) => {
          setCauseId(value);
          setError(null);
        }}
        error={error}
        comboboxProps={{ withinPortal: true }}
        disabled={pending}
      />
      <ActionIcon variant="filled" size={30} aria-label={`Save cause of ${where}`} loading={pending} onClick={() => void submit()}>
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon variant="default" size={30} aria-label="Cancel" disabled={pending} onClick={() => setOpen(false)}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
