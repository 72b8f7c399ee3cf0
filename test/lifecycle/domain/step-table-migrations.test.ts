import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAUSABLE } from '../../../src/lifecycle/domain/steps.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, PENDING_STATUSES } from '../../../src/orders/domain/order.js';

const MIGRATIONS = new URL('../../../migrations/', import.meta.url);

/**
 * Each `table.column`'s allowed values as the last migration to state them left them: every
 * `check (column in ('a', 'b', …))` of a `create table` or `alter table` statement, a later one
 * replacing an earlier one of the same column.
 */
function checkLists(files: readonly string[]): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const file of files) {
    const statements = file.replace(/--[^\n]*/g, '').split(';');
    for (const statement of statements) {
      const table = /(?:create|alter)\s+table\s+(?:if\s+(?:not\s+)?exists\s+)?(\w+)/i.exec(statement)?.[1];
      if (!table) continue;
      for (const [, column, values] of statement.matchAll(/check\s*\(\s*(\w+)\s+in\s*\(([^)]*)\)\s*\)/gi)) {
        lists.set(`${table}.${column}`, [...values!.matchAll(/'([^']*)'/g)].map((m) => m[1]!));
      }
    }
  }
  return lists;
}

const migrations = () =>
  readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(new URL(name, MIGRATIONS), 'utf8'));

const sorted = (values: readonly string[]) => [...values].sort();

describe("the migrations' CHECK lists", () => {
  // The step table is where a step is added; the database refuses what its CHECKs do not list, so
  // a step without the migration that allows it would fail at its first write.
  it('when the migrations are read in order, then each column of a step allows exactly what the step table gives it', () => {
    const lists = checkLists(migrations());

    expect(sorted(lists.get('orders.status') ?? [])).toEqual(sorted(ORDER_STATUSES));
    expect(sorted(lists.get('orders.pending_status') ?? [])).toEqual(sorted(PENDING_STATUSES));
    expect(sorted(lists.get('orders.paused_pending_status') ?? [])).toEqual(sorted(PAUSABLE));
    expect(sorted(lists.get('orders.payment_status') ?? [])).toEqual(sorted(PAYMENT_STATUSES));
  });

  it('when a later migration states a column again, then its list is the one read', () => {
    const lists = checkLists([
      "create table orders (\n  status text check (status in ('a', 'b')), -- check (status in ('x'))\n  n int check (n >= 0)\n);",
      "create table other (status text check (status in ('z')));",
      "alter table orders drop constraint orders_status_check;\nalter table orders add constraint orders_status_check\n  check (status in ('a', 'b', 'c'));",
    ]);

    expect(Object.fromEntries(lists)).toEqual({ 'orders.status': ['a', 'b', 'c'], 'other.status': ['z'] });
  });
});
