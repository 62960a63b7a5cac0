import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { OeeBand } from '@generated/model';
import './catalogue';

/**
 * A figure's heading with what the figure is made of, for the pointer (a tooltip) and for the keyboard and screen
 * readers (the icon is focusable and names the definition).
 */
export function MadeOf({ label, madeOf: definition }: { label: ReactNode; madeOf: MessageDescriptor }) {
  const { t, i18n } = useLingui();
  const figure = typeof label === 'string' ? label : t`this figure`;
  const madeOf = i18n._(definition);
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{label}</span>
      <Tooltip label={madeOf} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon variant="subtle" color="gray" size="xs" aria-label={t`What ${figure} is made of: ${madeOf}`}>
          <IconInfoCircle size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * What each figure is made of (ISO 22400-2, as docs/oee.md defines it), in one place for every screen; a screen reads
 * each in the chosen language (`i18n._`).
 */
export const MADE_OF = {
  availability: msg`Availability = actual production time ÷ planned busy time. Planned busy time: the client’s shift hours minus planned stops.`,
  performance: msg`Performance = planned run time per item × produced quantity ÷ actual production time.`,
  quality: msg`Quality = good quantity ÷ produced quantity (good + scrap), from the machine’s counts.`,
  oee: msg`OEE = availability × performance × quality.`,
  coverage: msg`Coverage: the share of the planned busy time covered by the machine’s events. Below 100 % the other figures rest on part of the period.`,
  rejected: msg`Rejected: the quantity clients rejected in claims delivered in the period, beside quality (not part of it).`,
  paretoHours: msg`Hours lost per cause in the period, largest first; the line is the running share of all hours lost.`,
  mtbf: msg`MTBF (mean time between failures) = actual production time ÷ failures. Failures: unplanned stops in the planned busy time (ISO 22400-2).`,
  mttr: msg`MTTR (mean time to repair) = downtime of the failures in the planned busy time ÷ failures.`,
  trend: msg`Hours lost and stops per ISO week (Monday to Sunday, UTC).`,
} satisfies Record<string, MessageDescriptor>;

/** The OEE bands of docs/oee.md (good from 85 %, medium from 60 %, bad below; none without enough data), as shown. */
export const BANDS: Record<OeeBand, { label: MessageDescriptor; color: string }> = {
  good: { label: msg`Good`, color: 'green' },
  medium: { label: msg`Medium`, color: 'yellow' },
  bad: { label: msg`Bad`, color: 'red' },
  none: { label: msg`Not enough data`, color: 'gray' },
};
