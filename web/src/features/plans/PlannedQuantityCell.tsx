import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, NumberInput, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { formatNumber, numberInputSeparators } from '../../components/format';
import './catalogue';

export interface QuantityDraft {
  productId: number;
  value: number | string;
  error: string | null;
}

interface Props {
  articleNo: string;
  value: number;
  /** This row's open edit, if any. */
  draft: QuantityDraft | null;
  /** Give the read-only button the focus when it appears (after a confirm or cancel of this row). */
  focusOnMount: boolean;
  onStart: () => void;
  onChange: (value: number | string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'Planned quantity', inline editable: the number is a button that opens an input with confirm and cancel;
 * Enter confirms and Escape cancels, and the focus goes back to the number.
 */
export function PlannedQuantityCell({ articleNo, value, draft, focusOnMount, onStart, onChange, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const quantity = formatNumber(value);
  if (!draft) {
    return (
      <UnstyledButton
        onClick={(event) => {
          event.stopPropagation();
          onStart();
        }}
        aria-label={t`Edit planned quantity of ${articleNo}: ${quantity}`}
        autoFocus={focusOnMount}
        w="100%"
      >
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Text size="sm" c={value === 0 ? 'dimmed' : undefined}>
            {quantity}
          </Text>
          <IconPencil size={14} color="var(--mantine-color-dimmed)" aria-hidden />
        </Group>
      </UnstyledButton>
    );
  }
  return (
    <NumberInput
      size="xs"
      autoFocus
      aria-label={t`Planned quantity of ${articleNo}`}
      value={draft.value}
      onChange={onChange}
      error={draft.error}
      {...numberInputSeparators()}
      allowNegative={false}
      allowDecimal={false}
      hideControls
      onFocus={(event) => event.currentTarget.select()}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onConfirm();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
      styles={{ input: { textAlign: 'right' } }}
      rightSectionWidth={60}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <ActionIcon size="sm" variant="subtle" color="green" aria-label={t`Confirm quantity`} onClick={onConfirm}>
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t`Cancel quantity edit`} onClick={onCancel}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      }
    />
  );
}
