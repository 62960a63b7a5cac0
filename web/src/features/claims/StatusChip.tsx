import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ClaimStatus } from '@generated/model';
import { STATUS_COLOR, STATUS_LABELS } from './claimsApi';
import './catalogue';

/** A claim's status as a coloured chip (part 2.4), in the chosen language. */
export function StatusChip({ status }: { status: ClaimStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" radius="xl" tt="none">
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
