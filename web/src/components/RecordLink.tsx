import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * The link in a list row to the record the row opens: a real `href` to its hash route, so middle-click, 'Open in new
 * tab' and copying the address work. The row itself still opens on a click anywhere and on Enter or Space. A click on
 * the link is the link's alone: the row must not open the record here as well when a modified click opens a new tab.
 * `label` names the record for people who hear the link out of its row ('Claim 17'); it contains the visible text.
 * It takes the row's text colour and is underlined: a row may be tinted (selected, hovered, striped, in either scheme),
 * and text that reads on the row reads as a link there too.
 */
export function RecordLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} aria-label={label} inherit c="inherit" underline="always" onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}>
      {children}
    </Anchor>
  );
}
