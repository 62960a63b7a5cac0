import { Trans } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import './catalogue';

/** One step of the trail: a link when `to` is given, the current page otherwise; a placeholder while `label` loads. */
export interface Crumb {
  label: string | undefined;
  to?: string;
}

/** Client inventory > company > product: the way back from a client's screens (the last step is the current page). */
export function InventoryBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="/clients">
        <Trans>Client inventory</Trans>
      </Anchor>
      {crumbs.map(({ label, to }, index) =>
        label === undefined ? (
          <Skeleton key={index} height={16} width={120} />
        ) : to ? (
          <Anchor key={index} component={Link} to={to}>
            {label}
          </Anchor>
        ) : (
          <Text key={index}>{label}</Text>
        ),
      )}
    </Breadcrumbs>
  );
}
