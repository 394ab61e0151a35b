import { describe, expect, it } from 'vitest';
import { clickItem, NO_SELECTION, selectAll, selectedIn, type Selection } from './selection';

const order = [10, 11, 12, 13, 14];
const click = (state: Selection, id: number, shift = false) => clickItem(state, order, id, shift);

describe('selection', () => {
  it('toggles single items and remembers the last as the anchor', () => {
    const one = click(NO_SELECTION, 11);
    expect(selectedIn(one, order)).toEqual([11]);
    expect(one.anchor).toBe(11);
    const two = click(one, 13);
    expect(selectedIn(two, order)).toEqual([11, 13]);
    expect(selectedIn(click(two, 11), order)).toEqual([13]);
  });

  it('selects the range from the anchor with shift, in either direction, and keeps the anchor', () => {
    const down = click(click(NO_SELECTION, 11), 13, true);
    expect(selectedIn(down, order)).toEqual([11, 12, 13]);
    expect(down.anchor).toBe(11);
    // A second shift-click re-ranges from the same anchor, upwards this time.
    expect(selectedIn(click(down, 10, true), order)).toEqual([10, 11, 12, 13]);
  });

  it('clears a range when the shift-clicked item was selected', () => {
    const all = selectAll(click(NO_SELECTION, 10), order);
    expect(selectedIn(click(all, 12, true), order)).toEqual([13, 14]);
  });

  it('starts at the clicked item when there is no anchor on the page', () => {
    const stale: Selection = { selected: new Set([99]), anchor: 99 };
    const next = click(stale, 12, true);
    expect(selectedIn(next, order)).toEqual([12]);
    expect(next.anchor).toBe(12);
  });

  it('selects everything listed and forgets what is no longer listed', () => {
    const all = selectAll(NO_SELECTION, order);
    expect(selectedIn(all, order)).toEqual(order);
    expect(selectedIn(all, [12, 20, 14])).toEqual([12, 14]);
  });
});
