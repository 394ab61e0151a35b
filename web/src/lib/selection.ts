/**
 * A multi-selection over an ordered list of ids, as file managers have it: a
 * click toggles one item and becomes the anchor; a shift-click gives every
 * item from the anchor to the clicked one the state the clicked one takes.
 */
export interface Selection {
  selected: ReadonlySet<number>;
  /** The last item clicked without shift: where a range starts. */
  anchor: number | null;
}

export const NO_SELECTION: Selection = { selected: new Set(), anchor: null };

export function clickItem(state: Selection, order: readonly number[], id: number, shift: boolean): Selection {
  const select = !state.selected.has(id);
  const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
  const to = order.indexOf(id);
  const next = new Set(state.selected);
  if (shift && from >= 0 && to >= 0) {
    for (const item of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (select) next.add(item);
      else next.delete(item);
    }
    return { selected: next, anchor: state.anchor };
  }
  if (select) next.add(id);
  else next.delete(id);
  return { selected: next, anchor: id };
}

export function selectAll(state: Selection, order: readonly number[]): Selection {
  return { selected: new Set(order), anchor: state.anchor };
}

/** Only the items still listed (after a page change, a move or a delete), in list order. */
export function selectedIn(state: Selection, order: readonly number[]): number[] {
  return order.filter((id) => state.selected.has(id));
}
