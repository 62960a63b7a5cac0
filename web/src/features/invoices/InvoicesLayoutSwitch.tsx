import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { InvoicesView } from './invoices';
import './catalogue';

/**
 * The client's choice between the full and the compact list (part 2.4's two layouts), loaded for the client's face
 * only (InvoicesPage.tsx): the staff's invoices, the accountant's first screen, never draw it.
 */
export default function InvoicesLayoutSwitch({ view, onChange }: { view: InvoicesView; onChange: (view: InvoicesView) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Layout`}
      value={view}
      onChange={(value) => onChange(value as InvoicesView)}
      data={[
        { value: 'full', label: t`Full` },
        { value: 'compact', label: t`Compact` },
      ]}
    />
  );
}
