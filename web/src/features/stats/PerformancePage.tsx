import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Stack, Tabs, Title } from '@mantine/core';
import { useAppContext } from '../../app/context';
import { mayCall } from '../../app/face';
import { now } from '../../components/clock';
import { ClientOeePanel } from '../machines/ClientOeePanel';
import { FillRatePanel } from './FillRatePanel';
import { ProducedQuantitiesPanel } from './ProducedQuantitiesPanel';
import './catalogue';

/**
 * '/stats/dashboard', the client's performance dashboard (part 2.4): 'Welcome, ' and the user's name, and two tabs,
 * 'Produced Quantities' and 'Order Fill Rate', and 'Machines': the OEE of the company's machines. A tab
 * loads its chart only when it is opened.
 */
export default function PerformancePage() {
  const { session } = useAppContext();
  // One "today" for the page's periods, so a page left open over midnight keeps consistent toggles.
  const [today] = useState(() => now());
  // The machines' tab for a user whose roles may ask for the company's machine performance.
  const machines = mayCall('ClientMachines_getPerformance', session.user.roles);
  const name = session.user.name;
  return (
    <Stack>
      <Title order={2}>
        <Trans>Welcome, {name}</Trans>
      </Title>
      <Tabs defaultValue="quantities" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="quantities">
            <Trans>Produced Quantities</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="fill-rate">
            <Trans>Order Fill Rate</Trans>
          </Tabs.Tab>
          {machines && (
            <Tabs.Tab value="machines">
              <Trans>Machines</Trans>
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="quantities" pt="md">
          <ProducedQuantitiesPanel today={today} />
        </Tabs.Panel>
        <Tabs.Panel value="fill-rate" pt="md">
          <FillRatePanel today={today} />
        </Tabs.Panel>
        {machines && (
          <Tabs.Panel value="machines" pt="md">
            <ClientOeePanel today={today} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
