import '@mantine/dates/styles.css';
import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';

export interface Period {
  from: string;
  to: string;
}

/**
 * The history's period (both ends inclusive), picked as a range (part 9: pickers read MM.DD.YYYY, weeks start on
 * Monday). The list follows only complete ranges: while the second day is not picked yet the last period stays.
 */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const [draft, setDraft] = useState<[string | null, string | null]>([value.from, value.to]);
  return (
    <DatePickerInput
      type="range"
      label="Period"
      valueFormat="MM.DD.YYYY"
      firstDayOfWeek={1}
      allowSingleDateInRange
      previousLabel="Previous month"
      nextLabel="Next month"
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
