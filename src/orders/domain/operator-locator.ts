import type { Point, ServiceCode } from './order.js';

export interface AvailableOperator {
  id: string;
  position: Point;
}

/** What an order needs of the roster: the nearest operator able to take it (the operators' index answers it). */
export interface OperatorLocator {
  /** The on-duty operator offering `service` nearest to `point` within `radiusMetres`, if any. */
  nearestAvailable(point: Point, service: ServiceCode, radiusMetres: number): AvailableOperator | undefined;
}
