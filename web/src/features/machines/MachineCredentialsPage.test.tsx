import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MachineCredential } from '@generated/model';
import MachineCredentialsPage from './MachineCredentialsPage';
import { BALTIC, LIVE, NORDIC, renderAs, serveMachines } from './machines.test-utils';

const COLLECTOR: MachineCredential = {
  id: 1,
  name: 'Line 4 collector',
  tokenHint: 'mt_3kQ9',
  machines: [
    { clientId: NORDIC, machineName: 'FB-101' },
    { clientId: NORDIC, machineName: 'FB-102' },
  ],
  createdAt: '2026-11-01T08:00:00Z',
  revokedAt: null,
  lastUsedAt: null,
};
const OLD: MachineCredential = { ...COLLECTOR, id: 2, name: 'Old gateway', machines: [{ clientId: BALTIC, machineName: 'FB-301' }], revokedAt: '2026-11-02T08:00:00Z' };
const TOKEN = 'mt_7Hq2vXo1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ012';

function serve(rows = [COLLECTOR, OLD]) {
  serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
  return serveMachines('admin', 'credentials/get', () => ({ rows }));
}

const credentials = () => within(screen.getByRole('table', { name: 'Machine credentials' }));
const rowOf = (name: string) => credentials().getByRole('row', { name: new RegExp(name) });

describe("admin 'Machine credentials'", { timeout: 30_000 }, () => {
  it('lists each credential with its machines (company and name), token start, last use; a revoked one is marked, not revocable', async () => {
    serve();
    renderAs('admin', <MachineCredentialsPage />);
    await screen.findByText('Old gateway');
    const collector = within(rowOf('Line 4 collector'));
    expect(collector.getByText('Nordic Springs AB · FB-101, Nordic Springs AB · FB-102')).toBeInTheDocument();
    expect(collector.getByText('mt_3kQ9…')).toBeInTheDocument();
    expect(collector.getByText('Never')).toBeInTheDocument();
    expect(collector.getByRole('button', { name: 'Revoke Line 4 collector' })).toBeInTheDocument();
    const old = within(rowOf('Old gateway'));
    expect(old.getByText('Revoked')).toBeInTheDocument();
    expect(old.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('New: a name and at least one machine are required, and nothing is sent until they are given', async () => {
    serve([]);
    const creates = serveMachines('admin', 'credentials/create', () => ({}));
    const user = userEvent.setup();
    renderAs('admin', <MachineCredentialsPage />);
    expect(await screen.findByText('No machine credentials yet. Use New to make one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New machine credential' });
    await user.type(within(dialog).getByLabelText(/^Name/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Field is required.')).toHaveLength(2);
    expect(creates).toHaveLength(0);
  });

  it('New shows the token once, with a warning and a copy button; the list then shows the new credential', async () => {
    let rows = [OLD];
    serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
    serveMachines('admin', 'credentials/get', () => ({ rows }));
    const creates = serveMachines<{ credential: { name: string } }>('admin', 'credentials/create', (body) => {
      rows = [{ ...COLLECTOR, id: 3, name: body.credential.name, machines: [{ clientId: NORDIC, machineName: 'FB-102' }] }, OLD];
      return { credential: rows[0], token: TOKEN };
    });
    const user = userEvent.setup();
    renderAs('admin', <MachineCredentialsPage />);
    await screen.findByText('Old gateway');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New machine credential' });
    await user.type(within(dialog).getByLabelText(/^Name/), '  Line 2 PLC ');
    await user.click(within(dialog).getByLabelText(/^Machines/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Springs AB · FB-102' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Machine credential made' });
    expect(creates).toEqual([{ credential: { name: 'Line 2 PLC', machines: [{ clientId: NORDIC, machineName: 'FB-102' }] } }]);
    expect(within(shown).getByText(TOKEN)).toBeInTheDocument();
    expect(within(shown).getByText(/This is the only time the token of 'Line 2 PLC' is shown/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(await credentials().findByRole('row', { name: /Line 2 PLC/ })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
  });

  it('Revoke asks first: Cancel sends nothing, Revoke revokes that credential', async () => {
    serve();
    const revokes = serveMachines('admin', 'credentials/revoke', () => ({ ...COLLECTOR, revokedAt: '2026-11-24T09:00:00Z' }));
    const user = userEvent.setup();
    renderAs('admin', <MachineCredentialsPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Line 4 collector' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke credential' });
    expect(within(confirm).getByText(/can no longer report events/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke credential' })).not.toBeInTheDocument());
    expect(revokes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Line 4 collector' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke credential' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revokes).toEqual([{ id: 1 }]));
    expect(await screen.findByText("Credential 'Line 4 collector' revoked.")).toBeInTheDocument();
  });

  it('lists the events kept aside, newest first, with what they said and why they were not applied', async () => {
    serve();
    const bodies = serveMachines('admin', 'events/unmatched/get', () => ({
      rows: [
        {
          id: 1, eventId: '0b6f1c9e-2d3a-4f5b-8c7d-9e0f1a2b3c4d', clientId: NORDIC, machineName: 'FB-99', at: '2026-11-24T06:20:00Z', kind: 'stopped',
          causeCode: 3, good: null, scrap: null, reason: 'unknownMachine', detail: null, source: 'Line 4 collector', receivedAt: '2026-11-24T06:20:01Z',
        },
        {
          id: 2, eventId: '1c7a2d0f-3e4b-4a6c-9d8e-0f1a2b3c4d5e', clientId: BALTIC, machineName: 'FB-301', at: '2026-11-24T06:00:00Z', kind: 'counts',
          causeCode: null, good: 1200, scrap: 8, reason: 'outOfScope', detail: null, source: 'MQTT', receivedAt: '2026-11-24T06:00:02Z',
        },
        {
          id: 3, eventId: '2d8b3e1f-4f5c-4b7d-8e9f-1a2b3c4d5e6f', clientId: NORDIC, machineName: 'FB-101', at: '9999-12-31T23:59:59Z', kind: 'stopped',
          causeCode: null, good: null, scrap: null, reason: 'aheadOfClock', detail: "More than 5 min after the portal's clock (2026-11-24T06:00:00.000Z).",
          source: 'Line 4 collector', receivedAt: '2026-11-24T06:00:01Z',
        },
        {
          id: 4, eventId: '3e9c4f2a-5a6d-4c8e-9f0a-2b3c4d5e6f7a', clientId: NORDIC, machineName: 'FB-102', at: '2026-11-23T20:00:00Z', kind: 'stopped',
          causeCode: null, good: null, scrap: null, reason: 'overlapsTypedStop', detail: 'Its stop would overlap downtime 17, typed by hand from 2026-11-23T21:00:00.000Z.',
          source: 'MQTT', receivedAt: '2026-11-24T06:00:00Z',
        },
      ],
      count: 4,
    }));
    renderAs('admin', <MachineCredentialsPage />);
    const table = within(await screen.findByRole('table', { name: 'Events kept aside' }));
    expect(await table.findByText('Unknown machine')).toBeInTheDocument();
    expect(table.getByText('stopped, cause 3')).toBeInTheDocument();
    expect(table.getByText(`${NORDIC} · FB-99`)).toBeInTheDocument();
    expect(table.getByText('counts 1,200 good / 8 scrap')).toBeInTheDocument();
    expect(table.getByText("Not one of the credential's machines")).toBeInTheDocument();
    // Events outside the bounds say why, with the numbers the API gives.
    expect(table.getByText("Dated ahead of the portal's clock (not applied)")).toBeInTheDocument();
    expect(table.getByText("More than 5 min after the portal's clock (2026-11-24T06:00:00.000Z).")).toBeInTheDocument();
    expect(table.getByText('Its stop overlaps a stop typed by hand (not applied, to review)')).toBeInTheDocument();
    expect(table.getByText('Its stop would overlap downtime 17, typed by hand from 2026-11-23T21:00:00.000Z.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'receivedAt', descending: true } });
  });
});
