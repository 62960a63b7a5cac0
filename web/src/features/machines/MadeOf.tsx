import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { OeeBand } from '@generated/model';

/**
 * A figure's heading with what the figure is made of, for the pointer (a tooltip) and for the keyboard and screen
 * readers (the icon is focusable and names the definition).
 */
export function MadeOf({ label, madeOf }: { label: ReactNode; madeOf: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{label}</span>
      <Tooltip label={madeOf} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`What ${typeof label === 'string' ? label : 'this figure'} is made of: ${madeOf}`}>
          <IconInfoCircle size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** What each figure is made of (ISO 22400-2, as docs/oee.md defines it), in one place for every screen. */
export const MADE_OF = {
  availability: 'Availability = actual production time ÷ planned busy time. Planned busy time: the client’s shift hours minus planned stops.',
  performance: 'Performance = planned run time per item × produced quantity ÷ actual production time.',
  quality: 'Quality = good quantity ÷ produced quantity (good + scrap), from the machine’s counts.',
  oee: 'OEE = availability × performance × quality.',
  coverage: 'Coverage: the share of the planned busy time covered by the machine’s events. Below 100 % the other figures rest on part of the period.',
  rejected: 'Rejected: the quantity clients rejected in claims delivered in the period, beside quality (not part of it).',
  paretoHours: 'Hours lost per cause in the period, largest first; the line is the running share of all hours lost.',
  mtbf: 'MTBF (mean time between failures) = actual production time ÷ failures. Failures: unplanned stops in the planned busy time (ISO 22400-2).',
  mttr: 'MTTR (mean time to repair) = downtime of the failures in the planned busy time ÷ failures.',
  trend: 'Hours lost and stops per ISO week (Monday to Sunday, UTC).',
} as const;

/** The OEE bands of docs/oee.md (good from 85 %, medium from 60 %, bad below; none without enough data), as shown. */
export const BANDS: Record<OeeBand, { label: string; color: string }> = {
  good: { label: 'Good', color: 'green' },
  medium: { label: 'Medium', color: 'yellow' },
  bad: { label: 'Bad', color: 'red' },
  none: { label: 'Not enough data', color: 'gray' },
};
