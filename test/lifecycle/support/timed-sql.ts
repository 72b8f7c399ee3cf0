import type { Sql } from '../../../src/platform/store/sql.js';

/** The store, each statement's count and time kept by its first words: where a run spends its time. */
export function timedSql(sql: Sql, stats = new Map<string, { n: number; ms: number }>()): Sql & { stats: typeof stats } {
  const timed = (inner: Sql): Sql => ({
    ...inner,
    async query(text, params, options) {
      const t = performance.now();
      try {
        return await inner.query(text, params, options);
      } finally {
        const key = text.replace(/\s+/g, ' ').slice(0, 70);
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t;
        stats.set(key, s);
      }
    },
    transaction: (fn) => inner.transaction((tx) => fn(timed(tx))),
  });
  return Object.assign(timed(sql), { stats });
}
