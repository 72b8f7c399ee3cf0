import TinyQueue from 'tinyqueue';
import { greatCircleMetres } from '../../orders/domain/geo.js';
import type { Point } from '../../orders/domain/order.js';
import { boundQuery, haverSinToBox, haverSinToMetres, type Box } from './great-circle-bound.js';

/** A node of an RBush tree as its `toJSON()` gives it; the leaves hold the items, here slot numbers. */
export interface TreeNode extends Box {
  children: (TreeNode | number)[];
  leaf: boolean;
  height: number;
}

export interface Slots {
  /** Writes the slot's position into `into`, to spare an allocation per item measured. */
  readPosition(slot: number, into: Point): Point;
  idOf(slot: number): string;
}

export interface SlotHit {
  slot: number;
  distanceMetres: number;
}

interface Candidate {
  distance: number;
  /** null for an item. */
  node: TreeNode | null;
  slot: number;
}

// Boxes are put this much nearer than their bound, so that rounding can never put a box after an
// item that it holds. It changes which boxes are opened, never which items are found.
const SLACK_METRES = 0.001;

/**
 * Best-first search (the method of rbush-knn, with great-circle distances): boxes and items wait in
 * one queue ordered by distance, a box by the least distance of anything inside it, so items come
 * out nearest first and only the boxes that can hold a nearer item are opened. Items are measured
 * with the core's own formula, so the radius means exactly what it means to dispatch.
 */
export function nearestInTree(root: TreeNode, slots: Slots, point: Point, radiusMetres: number, limit: number): SlotHit[] {
  const hits: SlotHit[] = [];
  if (limit <= 0 || root.children.length === 0) return hits;
  const bounds = boundQuery(point);
  const position: Point = { latitude: 0, longitude: 0 };
  // At equal distances an item goes before a box (whose contents are then farther) and items go by id.
  const queue = new TinyQueue<Candidate>([], (a, b) => {
    if (a.distance !== b.distance) return a.distance - b.distance;
    if (a.node || b.node) return (a.node ? 1 : 0) - (b.node ? 1 : 0);
    const idA = slots.idOf(a.slot);
    const idB = slots.idOf(b.slot);
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });

  let node: TreeNode | null | undefined = root;
  while (node) {
    const { children } = node;
    if (node.leaf) {
      for (let i = 0; i < children.length; i++) {
        const slot = children[i] as number;
        const distance = greatCircleMetres(point, slots.readPosition(slot, position));
        if (distance <= radiusMetres) queue.push({ distance, node: null, slot });
      }
    } else {
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as TreeNode;
        const distance = haverSinToMetres(haverSinToBox(bounds, child)) - SLACK_METRES;
        if (distance <= radiusMetres) queue.push({ distance, node: child, slot: 0 });
      }
    }
    while (queue.length > 0 && queue.peek()!.node === null) {
      const { slot, distance } = queue.pop()!;
      hits.push({ slot, distanceMetres: distance });
      if (hits.length === limit) return hits;
    }
    node = queue.pop()?.node;
  }
  return hits;
}
