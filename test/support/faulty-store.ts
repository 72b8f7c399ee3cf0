import { StoreUnavailableError } from '../../src/platform/errors.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { StatementOutcomeUnknownError } from '../../src/platform/store/statement-outcome.js';
import { pglite, type Engine } from './engines.js';

/**
 * How the store behaves: answering; down (every statement fails as an unreachable server's do);
 * broken (statements fail with an error the service does not expect, as a missing table's); or
 * losing the answer to the next orders insert after committing it, and down from then on.
 */
export type StoreFault = 'none' | 'down' | 'broken' | 'lost-commit';

/** An embedded store whose faults a test turns on and off, through the same Sql the service uses. */
export function faultyEngine(): Engine & { fault: StoreFault } {
  const engine = {
    ...pglite,
    name: 'PGlite with faults',
    fault: 'none' as StoreFault,
    open: async () => {
      const store = await pglite.open();
      return { ...store, sql: faulty(store.sql) };
    },
  };

  function refuse(): void {
    if (engine.fault === 'down') throw new StoreUnavailableError('the store is down');
    if (engine.fault === 'broken') throw new Error('relation "orders" does not exist');
  }

  function faulty(sql: Sql): Sql {
    return new Proxy(sql, {
      get(target, name, receiver) {
        if (name === 'query') {
          return async (text: string, params?: unknown[], options?: object) => {
            refuse();
            if (engine.fault === 'lost-commit' && text.includes('insert into orders')) {
              await target.query(text, params, options);
              engine.fault = 'down';
              throw new StatementOutcomeUnknownError('the connection was lost before the answer');
            }
            return target.query(text, params, options);
          };
        }
        if (name === 'exec') return async (text: string) => (refuse(), target.exec(text));
        if (name === 'transaction') {
          return async <T>(fn: (tx: Sql) => Promise<T>) => {
            refuse();
            return target.transaction((tx) => fn(faulty(tx)));
          };
        }
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  return engine;
}
