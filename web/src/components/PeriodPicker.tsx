import '@mantine/dates/styles.css';
import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { DAY_FORMAT, shownDayFormat, type DayFormat } from './dates';
import { useLingui } from '@lingui/react/macro';

export interface Period {
  from: string;
  to: string;
}

/**
 * A period (both ends inclusive), picked as a range, its days written as the rest of the screen writes them
 * (`DAY_FORMAT` unless the screen keeps another; weeks start on Monday). The screen follows only complete ranges:
 * while the second day is not picked yet the last period stays.
 */
export function PeriodPicker({ value, onChange, format = DAY_FORMAT }: { value: Period; onChange: (period: Period) => void; format?: DayFormat }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<[string | null, string | null]>([value.from, value.to]);
  return (
    <DatePickerInput
      type="range"
      label={t`Period`}
      valueFormat={shownDayFormat(format)}
      firstDayOfWeek={1}
      allowSingleDateInRange
      previousLabel={t`Previous month`}
      nextLabel={t`Next month`}
      miw={240}
      value={draft}
      onChange={(range) => {
        setDraft(range);
        const [from, to] = range;
        if (from && to) onChange({ from, to });
      }}
      // An abandoned half-picked range falls back to the period the list shows.
      onDropdownClose={() => setDraft((current) => (current[0] && current[1] ? current : [value.from, value.to]))}
    />
  );
}
