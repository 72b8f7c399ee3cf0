import type { Point, ServiceCode } from '../../orders/domain/order.js';

export interface Operator {
  id: string;
  name: string;
  phone: string;
  services: ServiceCode[];
  position: Point;
  onDuty: boolean;
  updatedAt: Date;
}

export interface OperatorDistance {
  id: string;
  position: Point;
  /** Great circle. */
  distanceMetres: number;
}

/** Nearest first; at equal distances, by id, so that every index answers in the same order. */
export const byDistanceThenId = (a: OperatorDistance, b: OperatorDistance): number =>
  a.distanceMetres - b.distanceMetres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
