import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Pagination, Select, Text } from '@mantine/core';
import type { RowsPerPage } from '@generated/model';

/** One page of a screen's machines (the contract's machine pages: the gantt's `machines`, the OEE's `machinePage`). */
export interface MachinePageValue {
  page: number;
  rowsPerPage: RowsPerPage;
}

/** How many pages `count` machines fill at `rowsPerPage` (at least one). */
export const machinePagesOf = (count: number, rowsPerPage: number) => Math.max(1, Math.ceil(count / rowsPerPage));

/**
 * Keeps a screen's page of machines within its machines: when fewer remain than the page shown (a machine removed,
 * another day, another state), back to the last page there is, once the answer for this question has come (`settled`:
 * not the previous page's placeholder).
 */
export function useLastMachinePage(value: MachinePageValue, count: number, settled: boolean, onChange: ((page: MachinePageValue) => void) | undefined) {
  const pages = machinePagesOf(count, value.rowsPerPage);
  useEffect(() => {
    if (settled && value.page > pages) onChange?.({ ...value, page: pages });
  }, [settled, value, pages, onChange]);
}

/**
 * The pager under a screen whose machines come a page at a time (a plant has hundreds): which machines are
 * shown of how many, the Mantine pager (when there is more than one page) and the 'Machines per page' choice, which
 * starts again at page 1. The sizes are those the operation's zod offers.
 */
export function MachinePager({
  value,
  count,
  sizes,
  onChange,
}: {
  value: MachinePageValue;
  /** Every machine, all pages (the answer's `machineCount`). */
  count: number;
  sizes: readonly RowsPerPage[];
  onChange: (page: MachinePageValue) => void;
}) {
  const { t } = useLingui();
  // The pager's arrows, named for screen readers.
  const controls = { first: t`first page`, previous: t`previous page`, next: t`next page`, last: t`last page` };
  const pages = machinePagesOf(count, value.rowsPerPage);
  const firstRow = (value.page - 1) * value.rowsPerPage + 1;
  const lastRow = Math.min(count, value.page * value.rowsPerPage);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Text size="sm" c="dimmed">
        <Trans>
          Machines {firstRow}–{lastRow} of {count}
        </Trans>
      </Text>
      <Group gap="md" align="flex-end">
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(value.page, pages)}
            onChange={(page) => onChange({ ...value, page })}
            getControlProps={(control) => ({ 'aria-label': controls[control] })}
          />
        )}
        <Select
          size="xs"
          w={120}
          label={t`Machines per page`}
          allowDeselect={false}
          data={sizes.map(String)}
          value={String(value.rowsPerPage)}
          onChange={(choice) => {
            const size = sizes.find((option) => String(option) === choice);
            if (size) onChange({ page: 1, rowsPerPage: size });
          }}
        />
      </Group>
    </Group>
  );
}
