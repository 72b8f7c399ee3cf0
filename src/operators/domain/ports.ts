import type { OperatorDraft } from './input.js';
import type { Operator, OperatorDistance } from './operator.js';
import type { Point, ServiceCode } from '../../orders/domain/order.js';
import type { OperatorLocator } from '../../orders/domain/operator-locator.js';

export type { AvailableOperator, OperatorLocator } from '../../orders/domain/operator-locator.js';

/** Where the roster is kept. Each call is one transaction and answers with the rows as stored. */
export interface OperatorStore {
  /** Creates the operators that are new and updates the others. */
  upsertMany(drafts: readonly OperatorDraft[], now: Date): Promise<Operator[]>;
  /** null when there is no such operator. */
  move(id: string, position: Point, now: Date): Promise<Operator | null>;
  setDuty(id: string, onDuty: boolean, now: Date): Promise<Operator | null>;
  /** false when there was no such operator. */
  remove(id: string): Promise<boolean>;
  findById(id: string): Promise<Operator | null>;
  /** The operators of these ids that exist, in no particular order. */
  findMany(ids: readonly string[]): Promise<Operator[]>;
}

/** What dispatch needs to know of an operator. */
export interface OperatorPlacement {
  id: string;
  position: Point;
  services: readonly ServiceCode[];
  onDuty: boolean;
}


/** The roster held for spatial questions, kept in step with every write to the store. */
export interface OperatorIndex extends OperatorLocator {
  /** Adds the operator, or replaces what was known of it. */
  put(operator: OperatorPlacement): void;
  remove(id: string): void;
  /**
   * On-duty operators offering `service` (any service when null) within the radius, edge included,
   * nearest first; at equal distances, by id. nearestAvailable is the first of these.
   */
  nearest(point: Point, service: ServiceCode | null, radiusMetres: number, limit: number): OperatorDistance[];
}

/** One write to the roster, numbered when it started. */
export interface RosterChange {
  seq: number;
  operatorId: string;
}

/**
 * The numbered log of every write to the roster, which instances sharing a database follow.
 * Numbers are taken when a write starts and seen when it commits: a later number may be seen first.
 */
export interface RosterChangeLog {
  /** The number of the latest change seen, 0 when none. */
  latest(): Promise<number>;
  /** The changes seen after `seq`, in number order, at most `limit`. */
  after(seq: number, limit: number): Promise<RosterChange[]>;
  /** Forgets the changes older than `ageMs`; every instance has read them long since. */
  forgetOlderThan(ageMs: number): Promise<void>;
}
