import { setImmediate as yieldTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../client.js';
import { changeOrders } from '../steady-changes.js';

/** A client that answers at once and writes down each order's changes, in order. */
function recording() {
  const changes = new Map<string, string[]>();
  const client = {
    async mutate(_token: string, field: string, _query: string, variables: Record<string, unknown>) {
      await yieldTurn();
      const id = String(variables.orderId);
      changes.set(id, [...(changes.get(id) ?? []), field]);
      return { __typename: 'Success' };
    },
  } as unknown as ServiceClient;
  return { client, changes };
}

describe('changeOrders', () => {
  it('when changed as fast as the service answers, then each order is paused and resumed in turn and left waiting, as found', async () => {
    const { client, changes } = recording();
    const counts = await changeOrders(client, 'token', [1, 2, 3], 50, null);
    expect(counts.every((n) => n > 0)).toBe(true);
    counts.forEach((count, i) => {
      const made = changes.get(String(i + 1))!;
      expect(made).toHaveLength(count);
      expect(made.every((field, n) => field === (n % 2 === 0 ? 'pauseOrder' : 'resumeOrder'))).toBe(true);
      expect(made.at(-1)).toBe('resumeOrder');
    });
  });

  it('when the beat asks for no changes, then it is refused rather than waited on for ever', async () => {
    const { client } = recording();
    await expect(changeOrders(client, 'token', [1], 50, 0)).rejects.toThrow(/changes nothing/);
  });
});
