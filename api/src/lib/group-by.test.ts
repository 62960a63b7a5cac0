import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.js';

describe('groupBy', () => {
  it('groups the items by key, each group and the groups in the order the items came', () => {
    const groups = groupBy([{ lot: 2, item: 'a' }, { lot: 1, item: 'b' }, { lot: 2, item: 'c' }], (take) => take.lot);
    expect([...groups.keys()]).toEqual([2, 1]);
    expect(groups.get(2)!.map((take) => take.item)).toEqual(['a', 'c']);
    expect(groups.get(1)!.map((take) => take.item)).toEqual(['b']);
  });

  it('has no group for no items', () => {
    expect(groupBy([], () => 'x').size).toBe(0);
  });
});
