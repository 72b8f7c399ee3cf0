import type { Sql } from '../../src/platform/store/sql.js';
import { defaultEngine, type Engine } from './engines.js';

/**
 * The default engine, counting the statements whose text contains `marker` as the store runs
 * them: how many reads an operation really costs.
 */
export function countingEngine(marker: string): { engine: Engine; statements: () => number } {
  let statements = 0;
  const counting = (sql: Sql): Sql =>
    new Proxy(sql, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (name !== 'query') return typeof value === 'function' ? value.bind(target) : value;
        return (text: string, ...rest: unknown[]) => {
          if (text.includes(marker)) statements++;
          return (target.query as (...args: unknown[]) => unknown)(text, ...rest);
        };
      },
    });
  const engine: Engine = {
    ...defaultEngine,
    open: async () => {
      const store = await defaultEngine.open();
      return { ...store, sql: counting(store.sql) };
    },
  };
  return { engine, statements: () => statements };
}
