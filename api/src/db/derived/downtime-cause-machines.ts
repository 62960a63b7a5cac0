import { defineDerived, fn, trigger } from './derived.js';

export const downtimeCauseMachines = defineDerived({
  name: 'downtime-cause-machines',
  owner: 'downtime',
  tables: ['downtime_cause_machines'],
  sources: ['downtime_history'],
  rule: `Per downtime cause, company and machine, how many stops name it: the downtime list's machine choices of a
cause without scanning the history.`,
  readBy: ['web/src/features/downtime'],
  functions: [
    fn('downtime_cause_machines_count() returns trigger language plpgsql', `
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.cause_id is not null then
        update downtime_cause_machines set stops = stops - 1
         where cause_id = old.cause_id and company_id = old.company_id and machine_name = old.machine_name;
        delete from downtime_cause_machines
         where cause_id = old.cause_id and company_id = old.company_id and machine_name = old.machine_name and stops <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.cause_id is not null then
        insert into downtime_cause_machines as m (cause_id, company_id, machine_name, stops)
        values (new.cause_id, new.company_id, new.machine_name, 1)
        on conflict (cause_id, company_id, machine_name) do update set stops = m.stops + 1;
      end if;
      return null;
    end `),
  ],
  triggers: [
    trigger('downtime_history_cause_machines', 'after insert or delete or update of cause_id, company_id, machine_name on downtime_history for each row execute function downtime_cause_machines_count()'),
  ],
  refill: [
    'delete from downtime_cause_machines',
    'insert into downtime_cause_machines (cause_id, company_id, machine_name, stops) select cause_id, company_id, machine_name, count(*) from downtime_history where cause_id is not null group by cause_id, company_id, machine_name',
  ],
  kept: {
    downtime_cause_machines: 'select * from downtime_cause_machines where stops <> 0',
  },
});
