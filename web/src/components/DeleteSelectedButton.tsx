import { Button, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';

interface DeleteSelectedButtonProps {
  /** 'Delete selected' or the screen's own word ('Delete'). */
  label?: string;
  /** How many rows are selected: none disables the button. */
  selected: number;
  /** Why the selection cannot be deleted (e.g. rows in use): disables the button and says so on hover. */
  blocked?: string | null;
  pending: boolean;
  onClick: () => void;
}

/** The red delete button of every list with a selection: disabled without one, or with the reason it is blocked. */
export function DeleteSelectedButton({ label, selected, blocked, pending, onClick }: DeleteSelectedButtonProps) {
  const { t } = useLingui();
  return (
    <Tooltip label={blocked ?? ''} disabled={!blocked} multiline maw={320}>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} disabled={selected === 0 || !!blocked} loading={pending} onClick={onClick}>
        {label ?? t`Delete selected`}
      </Button>
    </Tooltip>
  );
}
