import { Badge } from '@mantine/core';
import type { ClaimStatus } from '@generated/model';
import { STATUS_COLOR } from './claimsApi';
import { formatCapitalized } from '../../components/format';

/** A claim's status as a coloured chip (part 2.4). */
export function StatusChip({ status }: { status: ClaimStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" radius="xl" tt="none">
      {formatCapitalized(status)}
    </Badge>
  );
}
