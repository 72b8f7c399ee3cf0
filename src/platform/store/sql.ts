/**
 * The little the stores need from a SQL engine. PGlite and PostgreSQL drivers both speak
 * `$1` placeholders, so one store implementation serves both.
 */
export interface Sql {
  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: Row[] }>;
  /** Runs several statements (a migration file); no parameters. */
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Makes sure the server session of a statement whose outcome is unknown (see
   * StatementOutcomeUnknownError) has ended, so that what it applied can be looked up and will
   * not change. Engines without such sessions have none.
   */
  settle?(session: { id: number; since: Date }): Promise<void>;
  /**
   * Settles, now, the calls whose answers have already arrived from an engine on another thread,
   * rather than when the event loop reaches them. Engines answered on this thread have none.
   */
  deliverArrived?(): void;
  /**
   * Transactions run one at a time, and statements outside them between (PGlite): a statement
   * never waits for another transaction's lock, and sees all that committed before it. On an
   * engine with concurrent transactions (PostgreSQL) a statement that waited for a lock still sees
   * only what had committed when it began, so a write that must see what the lock's holder wrote
   * takes the lock in a statement of its own first.
   */
  readonly alone?: boolean;
}

export interface QueryOptions {
  /**
   * The statement's plan depends neither on its values nor on the size of any table (an insert of
   * the rows it is given, say), so it can be planned once and the plan kept. Engines that plan
   * each run cheaply are planned as any other.
   */
  planOnce?: boolean;
  /**
   * Statements without parameters run first, in the same call to the engine, whether or not this
   * one parses (a savepoint and the release of the one before: see grouped-transactions.ts). Only
   * the embedded store's grouped transactions give any, and it takes them.
   */
  before?: readonly string[];
}

/**
 * For a statement that reaches its rows by unique keys (a primary key, a unique reference, the
 * keys it is given): its plan is the same whatever the keys and however large the tables, so it
 * is planned once. See QueryOptions.planOnce.
 */
export const BY_UNIQUE_KEY: QueryOptions = { planOnce: true };

/** A transaction's own `transaction` and `close`: neither has a meaning inside one. */
export const nested = (): never => {
  throw new Error('nested transactions are not supported');
};
