import RBush from 'rbush';
import type { OperatorIndex, OperatorPlacement } from '../domain/ports.js';
import { byDistanceThenId, type OperatorDistance } from '../domain/operator.js';
import { SERVICE_CODES, type Point, type ServiceCode } from '../../orders/domain/order.js';
import { nearestInTree, type Slots, type TreeNode } from './nearest-in-tree.js';

// Entries per R-tree node: fewer, shallower nodes than rbush's default of 9 (less memory at a
// million operators) for a little more work per insert.
const NODE_SIZE = 16;
const ON_DUTY = 0b1000;
const bit = (service: ServiceCode) => 1 << (service - 1);
const servicesMask = (services: readonly ServiceCode[]) => services.reduce((mask, s) => mask | bit(s), 0);
// The trees an operator with these flags belongs to: one per service it offers, while on duty.
const treesOf = (flags: number) => (flags & ON_DUTY ? flags & 0b111 : 0);

/**
 * The roster for dispatch: one R-tree (rbush) per service holding the on-duty operators that offer
 * it, so that the nearest operator for a service is the first item a search meets, and a great-
 * circle nearest-first search over it (nearest-in-tree.ts). A change of position or duty takes the
 * operator out of its trees and puts it back where it now belongs; nothing is rebuilt.
 *
 * Each operator has a slot number; its position and flags are kept in typed arrays by slot, and
 * the trees hold the slot numbers, not an object per operator: a large roster costs little
 * memory and no garbage (see docs/design/spatial-index.md).
 */
export function createSpatialRoster() {
  let capacity = 1024;
  let longitudes = new Float64Array(capacity);
  let latitudes = new Float64Array(capacity);
  let flags = new Uint8Array(capacity);
  // Slot 0 is never used: rbush takes a falsy item for no item.
  const ids: string[] = [''];
  const slotOf = new Map<string, number>();
  const freeSlots: number[] = [];
  let nextSlot = 1;

  function slotTree(): RBush<number> {
    const tree = new RBush<number>(NODE_SIZE);
    // rbush calls these unbound; the arrays are read at each call because growing replaces them.
    tree.toBBox = (slot) => {
      const x = longitudes[slot]!;
      const y = latitudes[slot]!;
      return { minX: x, minY: y, maxX: x, maxY: y };
    };
    tree.compareMinX = (a, b) => longitudes[a]! - longitudes[b]!;
    tree.compareMinY = (a, b) => latitudes[a]! - latitudes[b]!;
    return tree;
  }
  const trees = Object.fromEntries(SERVICE_CODES.map((s) => [s, slotTree()])) as Record<ServiceCode, RBush<number>>;

  const positionOf = (slot: number): Point => ({ latitude: latitudes[slot]!, longitude: longitudes[slot]! });
  const slots: Slots = {
    readPosition(slot, into) {
      into.latitude = latitudes[slot]!;
      into.longitude = longitudes[slot]!;
      return into;
    },
    idOf: (slot) => ids[slot]!,
  };

  function grow() {
    capacity *= 2;
    const copy = <A extends Float64Array | Uint8Array>(from: A, to: A) => (to.set(from), to);
    longitudes = copy(longitudes, new Float64Array(capacity));
    latitudes = copy(latitudes, new Float64Array(capacity));
    flags = copy(flags, new Uint8Array(capacity));
  }

  function allocate(id: string): number {
    const slot = freeSlots.pop() ?? nextSlot++;
    if (slot >= capacity) grow();
    ids[slot] = id;
    slotOf.set(id, slot);
    return slot;
  }

  const flagsOf = (operator: OperatorPlacement) => servicesMask(operator.services) | (operator.onDuty ? ON_DUTY : 0);

  function place(slot: number, operator: OperatorPlacement) {
    longitudes[slot] = operator.position.longitude;
    latitudes[slot] = operator.position.latitude;
    flags[slot] = flagsOf(operator);
  }

  function put(operator: OperatorPlacement) {
    const known = slotOf.get(operator.id);
    const slot = known ?? allocate(operator.id);
    const before = known === undefined ? 0 : treesOf(flags[slot]!);
    const after = treesOf(flagsOf(operator));
    const moved =
      known === undefined ||
      longitudes[slot] !== operator.position.longitude ||
      latitudes[slot] !== operator.position.latitude;
    // A tree finds an item by its box, so an operator that moves leaves its trees before its
    // position changes, and comes back at the new one.
    for (const s of SERVICE_CODES) if (before & bit(s) && (moved || !(after & bit(s)))) trees[s].remove(slot);
    place(slot, operator);
    for (const s of SERVICE_CODES) if (after & bit(s) && (moved || !(before & bit(s)))) trees[s].insert(slot);
  }

  function remove(id: string) {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    const before = treesOf(flags[slot]!);
    for (const s of SERVICE_CODES) if (before & bit(s)) trees[s].remove(slot);
    slotOf.delete(id);
    ids[slot] = '';
    flags[slot] = 0;
    freeSlots.push(slot);
  }

  function nearestOffering(service: ServiceCode, point: Point, radiusMetres: number, limit: number): OperatorDistance[] {
    return nearestInTree(trees[service].toJSON() as TreeNode, slots, point, radiusMetres, limit).map((hit) => ({
      id: ids[hit.slot]!,
      position: positionOf(hit.slot),
      distanceMetres: hit.distanceMetres,
    }));
  }

  function nearest(point: Point, service: ServiceCode | null, radiusMetres: number, limit: number): OperatorDistance[] {
    if (service !== null) return nearestOffering(service, point, radiusMetres, limit);
    // Any service: the nearest of each tree, merged. An operator offering several services is met
    // in several trees at the same distance, and counted once.
    const merged = new Map<string, OperatorDistance>();
    for (const s of SERVICE_CODES) {
      for (const hit of nearestOffering(s, point, radiusMetres, limit)) merged.set(hit.id, hit);
    }
    return [...merged.values()].sort(byDistanceThenId).slice(0, limit);
  }

  return {
    put,
    remove,
    nearest,
    nearestAvailable(point: Point, service: ServiceCode, radiusMetres: number) {
      const [best] = nearestOffering(service, point, radiusMetres, 1);
      return best && { id: best.id, position: best.position };
    },
    size: () => slotOf.size,

    /**
     * Fills an empty roster, page by page, and builds each tree once at the end by bulk loading
     * (rbush's OMT packing): much faster than a million inserts, and a better packed tree.
     */
    async load(pages: AsyncIterable<readonly OperatorPlacement[]> | Iterable<readonly OperatorPlacement[]>) {
      if (slotOf.size > 0) throw new Error('load fills an empty roster; use put to change one');
      for await (const page of pages) {
        for (const operator of page) place(slotOf.get(operator.id) ?? allocate(operator.id), operator);
      }
      for (const s of SERVICE_CODES) {
        const members: number[] = [];
        for (let slot = 1; slot < nextSlot; slot++) if (treesOf(flags[slot]!) & bit(s)) members.push(slot);
        trees[s].load(members);
      }
    },
  } satisfies OperatorIndex & Record<string, unknown>;
}
