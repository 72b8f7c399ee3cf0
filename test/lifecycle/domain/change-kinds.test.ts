import { describe, expect, it } from 'vitest';
import { TRANSITIONS } from '../../../src/lifecycle/domain/transitions.js';
import { ORDER_CHANGE_KINDS } from '../../../src/orders/domain/order.js';

describe("the kinds of an order's history rows", () => {
  // The history reads a row's kind from its event's type, which each transition names: a new
  // change of a transition that is not a kind would make the history of its orders unreadable.
  it('when a transition changes an order, then its change is a kind the history names', () => {
    const unnamed = TRANSITIONS.map((t) => t.change).filter((change) => !(ORDER_CHANGE_KINDS as readonly string[]).includes(change));

    expect(unnamed).toEqual([]);
  });
});
