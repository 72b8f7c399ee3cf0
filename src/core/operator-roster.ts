import { greatCircleMetres } from './geo.js';
import type { OperatorDistance, OperatorIndex, OperatorPlacement } from './operator-ports.js';
import type { Point, ServiceCode } from './order.js';
import type { AvailableOperator } from './ports.js';

export interface Operator {
  id: string;
  name: string;
  phone: string;
  services: ServiceCode[];
  position: Point;
  onDuty: boolean;
  updatedAt: Date;
}

/** Nearest first; at equal distances, by id, so that every index answers in the same order. */
export const byDistanceThenId = (a: OperatorDistance, b: OperatorDistance): number =>
  a.distanceMetres - b.distanceMetres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The roster held in memory, answering by a scan of every operator: the plain statement of what
 * an index must answer, for small rosters and for checking the spatial one.
 */
export function createOperatorRoster(operators: Iterable<OperatorPlacement>): OperatorIndex & {
  upsert(operator: OperatorPlacement): void;
  size(): number;
} {
  const byId = new Map<string, OperatorPlacement>();
  for (const op of operators) byId.set(op.id, op);

  function nearest(point: Point, service: ServiceCode | null, radiusMetres: number, limit: number): OperatorDistance[] {
    const found: OperatorDistance[] = [];
    for (const op of byId.values()) {
      if (!op.onDuty || (service !== null && !op.services.includes(service))) continue;
      const distanceMetres = greatCircleMetres(point, op.position);
      // Within the radius, edge included.
      if (distanceMetres <= radiusMetres) found.push({ id: op.id, position: op.position, distanceMetres });
    }
    return found.sort(byDistanceThenId).slice(0, limit);
  }

  const put = (operator: OperatorPlacement) => void byId.set(operator.id, operator);
  return {
    nearest,
    nearestAvailable(point: Point, service: ServiceCode, radiusMetres: number): AvailableOperator | undefined {
      const [best] = nearest(point, service, radiusMetres, 1);
      return best && { id: best.id, position: best.position };
    },
    put,
    upsert: put,
    remove: (id) => void byId.delete(id),
    size: () => byId.size,
  };
}
