import { refillBody, defineDerived, fn, statementTrigger } from './derived.js';

export const machineCountDays = defineDerived({
  name: 'machine-count-days',
  owner: 'machines',
  tables: ['machine_count_days'],
  sources: ['machine_events'],
  rule: `Per machine and UTC day, the good and scrap counts its events reported: the performance of whole days reads
these sums. Events are append-only, so inserts are the only write.`,
  readBy: ['web/src/features/machines/MachinePerformancePage.tsx', 'web/src/features/machines/OeePanel.tsx'],
  functions: [
    fn('machine_count_days_insert() returns trigger language plpgsql', `
    begin
      if current_setting('machines.refilling', true) = 'on' then return null; end if;
      insert into machine_count_days as d (company_id, machine_name, day, good, scrap, events)
      select company_id, machine_name, (at at time zone 'UTC')::date, sum(coalesce(good, 0)), sum(coalesce(scrap, 0)), count(*)
        from new_rows
       where kind = 'counts'
       group by 1, 2, 3
       order by 1, 2, 3
      on conflict (company_id, machine_name, day) do update
        set good = d.good + excluded.good, scrap = d.scrap + excluded.scrap, events = d.events + excluded.events;
      return null;
    end `),
    fn('machine_count_days_refill() returns void language plpgsql', refillBody(
      ['machine_count_days'],
      `
      insert into machine_count_days (company_id, machine_name, day, good, scrap, events)
      select company_id, machine_name, day, good, scrap, events from machine_count_days_computed order by 1, 2, 3;`,
      'machines.refilling',
    )),
  ],
  triggers: [
    statementTrigger('machine_events_count_days', 'insert', 'machine_events', 'machine_count_days_insert'),
  ],
  refill: [
    'select machine_count_days_refill()',
  ],
  kept: {
    machine_count_days: 'select * from machine_count_days',
  },
});
