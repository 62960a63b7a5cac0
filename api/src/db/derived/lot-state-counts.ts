import { defineDerived, fn, statementTriggers } from './derived.js';

export const lotStateCounts = defineDerived({
  name: 'lot-state-counts',
  owner: 'lots',
  tables: ['lot_state_counts'],
  sources: ['lots'],
  rule: `How many lots are open and how many used up: the lots list's count of a state filter without counting.`,
  readBy: ['web/src/features/lots/LotsPage.tsx'],
  functions: [
    fn('lot_state_counts_move() returns trigger language plpgsql', `
    declare
      open_delta bigint := 0;
      used_up_delta bigint := 0;
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        select open_delta + count(*) filter (where consumed < quantity), used_up_delta + count(*) filter (where consumed >= quantity)
          into open_delta, used_up_delta from new_lots;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select open_delta - count(*) filter (where consumed < quantity), used_up_delta - count(*) filter (where consumed >= quantity)
          into open_delta, used_up_delta from old_lots;
      end if;
      if open_delta <> 0 then
        update lot_state_counts set lots = lots + open_delta where state = 'open';
      end if;
      if used_up_delta <> 0 then
        update lot_state_counts set lots = lots + used_up_delta where state = 'usedUp';
      end if;
      return null;
    end `),
    fn('lot_state_counts_refill() returns void language sql', `
      insert into lot_state_counts (state, lots)
      select s.state, (select count(*) from lots l where (l.consumed < l.quantity) = (s.state = 'open'))
        from (values ('open'), ('usedUp')) s(state)
      on conflict (state) do update set lots = excluded.lots
    `),
  ],
  triggers: [
    ...statementTriggers('lot_state_counts', 'lots', 'lot_state_counts_move', { rows: 'lots' }),
  ],
  refill: [
    'select lot_state_counts_refill()',
  ],
  kept: {
    lot_state_counts: 'select * from lot_state_counts',
  },
});
