import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import './catalogue';

/**
 * Why 'Confirm & Send' is disabled for an invoice sent before. Loaded when such an invoice is first selected
 * (InvoicesPage.tsx): Mantine's Tooltip brings Floating UI, which the list's first screen does not draw.
 */
export default function AlreadySentTooltip({ children }: { children: ReactElement }) {
  const { t } = useLingui();
  return <Tooltip label={t`Already confirmed and sent`}>{children}</Tooltip>;
}
