import { OperatorNotFoundError } from '../../platform/errors.js';
import {
  parseDutyChange,
  parseNearQuery,
  parseOperatorDraft,
  parseOperatorId,
  parseOperatorMove,
} from './input.js';
import type { OperatorIndex, OperatorStore } from './ports.js';
import type { Operator } from './operator.js';

export interface OperatorServiceDeps {
  store: OperatorStore;
  index: OperatorIndex;
  clock: () => Date;
  /** The radius of operatorsNear when the query names none: the one dispatch uses. */
  dispatchRadiusMetres: number;
  /** Told of each move once stored: the order the operator is on follows it. */
  onMoved?: (operatorId: string, position: Operator['position']) => void;
}

export interface NearbyOperator {
  operator: Operator;
  /** Great circle, from the point asked about. */
  distanceMetres: number;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * Runs the tasks given for one key one after another, in the order given; tasks of different keys
 * run freely. Writes of one operator reach the store and then the index in the order they were
 * asked for, even when the store runs statements in parallel.
 */
function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** Manages the roster: every change is written to the store first, then to the index. */
export function createOperatorService(deps: OperatorServiceDeps) {
  const inOrder = oneAtATimePerKey();

  // When the store refuses or fails, the index is left as it was: nothing is half-applied.
  function write(id: string, change: () => Promise<Operator | null | undefined>): Promise<Operator> {
    return inOrder(id, async () => {
      const stored = await change();
      if (!stored) throw new OperatorNotFoundError(id);
      deps.index.put(stored);
      return stored;
    });
  }

  return {
    /** Creates the operator, or updates it when its id is known. */
    async upsert(input: unknown): Promise<Operator> {
      const draft = parseOperatorDraft(input);
      return write(draft.id, async () => (await deps.store.upsertMany([draft], deps.clock()))[0]);
    },

    async move(input: unknown): Promise<Operator> {
      const { id, position } = parseOperatorMove(input);
      const moved = await write(id, () => deps.store.move(id, position, deps.clock()));
      deps.onMoved?.(moved.id, moved.position);
      return moved;
    },

    async setDuty(input: unknown): Promise<Operator> {
      const { id, onDuty } = parseDutyChange(input);
      return write(id, () => deps.store.setDuty(id, onDuty, deps.clock()));
    },

    /** Answers the id of the operator removed. */
    async remove(input: unknown): Promise<string> {
      const id = parseOperatorId(input);
      return inOrder(id, async () => {
        if (!(await deps.store.remove(id))) throw new OperatorNotFoundError(id);
        deps.index.remove(id);
        return id;
      });
    },

    find(id: string): Promise<Operator | null> {
      return deps.store.findById(id);
    },

    /** The on-duty operators nearest to a point, as dispatch sees them: its first is the one an order gets. */
    async near(input: unknown): Promise<NearbyOperator[]> {
      const query = parseNearQuery(input, deps.dispatchRadiusMetres);
      const hits = deps.index.nearest(query.point, query.service, query.radiusMetres, query.limit);
      const stored = new Map((await deps.store.findMany(hits.map((h) => h.id))).map((op) => [op.id, op]));
      // One removed between the two looks is left out.
      return hits.flatMap(({ id, distanceMetres }) => {
        const operator = stored.get(id);
        return operator ? [{ operator, distanceMetres }] : [];
      });
    },
  };
}
