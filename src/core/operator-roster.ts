import { greatCircleMetres } from './geo.js';
import type { Point, ServiceCode } from './order.js';
import type { AvailableOperator, OperatorLocator } from './ports.js';

export interface Operator {
  id: string;
  name: string;
  phone: string;
  services: ServiceCode[];
  position: Point;
  onDuty: boolean;
  updatedAt: Date;
}

/** The roster held in memory, answering "nearest available" by a scan of on-duty operators. */
export function createOperatorRoster(operators: Iterable<Operator>): OperatorLocator & {
  upsert(operator: Operator): void;
  size(): number;
} {
  const byId = new Map<string, Operator>();
  for (const op of operators) byId.set(op.id, op);

  return {
    nearestAvailable(point: Point, service: ServiceCode, radiusMetres: number): AvailableOperator | undefined {
      let best: Operator | undefined;
      let bestDistance = Infinity;
      for (const op of byId.values()) {
        if (!op.onDuty || !op.services.includes(service)) continue;
        const d = greatCircleMetres(point, op.position);
        // Within the radius, edge included; on a tie the first one found keeps the order.
        if (d <= radiusMetres && d < bestDistance) {
          best = op;
          bestDistance = d;
        }
      }
      return best && { id: best.id, position: best.position };
    },
    upsert(operator: Operator) {
      byId.set(operator.id, operator);
    },
    size: () => byId.size,
  };
}
