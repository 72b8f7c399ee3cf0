import { greatCircleMetres } from '../../src/orders/domain/geo.js';
import { byDistanceThenId } from '../../src/operators/domain/operator.js';
import type { OperatorIndex, OperatorPlacement } from '../../src/operators/domain/ports.js';
import type { OperatorDistance } from '../../src/operators/domain/operator.js';
import type { Point, ServiceCode } from '../../src/orders/domain/order.js';
import type { AvailableOperator } from '../../src/operators/domain/ports.js';

/**
 * The roster held in memory, answering by a scan of every operator: the plain statement of what
 * an index must answer: the core tests' roster, and the oracle the spatial index is checked against.
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
