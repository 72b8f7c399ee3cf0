import type { OperatorDraft } from './operator-input.js';
import type { Operator } from './operator.js';
import type { Point, ServiceCode } from './order.js';
import type { OperatorLocator } from './ports.js';

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

export interface OperatorDistance {
  id: string;
  position: Point;
  /** Great circle. */
  distanceMetres: number;
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
