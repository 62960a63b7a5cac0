import { refillBody, defineDerived, fn, statementTrigger } from './derived.js';

export const machineLastStates = defineDerived({
  name: 'machine-last-states',
  owner: 'machines',
  tables: ['machine_last_states'],
  sources: ['machine_events'],
  rule: `Per machine, its latest state event (by event time, then id): the machines' status list reads one row per
machine.`,
  readBy: ['web/src/features/machines/MachinesStatusPage.tsx'],
  functions: [
    fn('machine_last_states_insert() returns trigger language plpgsql', `
    begin
      insert into machine_last_states as s (company_id, machine_name, at, event_id, kind)
      select distinct on (company_id, machine_name) company_id, machine_name, at, event_id, kind
        from new_rows
       where kind <> 'counts'
       order by company_id, machine_name, at desc, event_id desc
      on conflict (company_id, machine_name) do update
        set at = excluded.at, event_id = excluded.event_id, kind = excluded.kind
        where (excluded.at, excluded.event_id) > (s.at, s.event_id);
      return null;
    end `),
    fn('machine_last_states_refill() returns void language plpgsql', refillBody(
      ['machine_last_states'],
      `
      insert into machine_last_states (company_id, machine_name, at, event_id, kind)
      select company_id, machine_name, at, event_id, kind from machine_last_states_computed;`,
    )),
  ],
  triggers: [
    statementTrigger('machine_events_last_states', 'insert', 'machine_events', 'machine_last_states_insert'),
  ],
  refill: [
    'select machine_last_states_refill()',
  ],
  kept: {
    machine_last_states: 'select * from machine_last_states',
  },
});
