import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../src/platform/errors.js';
import { groupCommit, type GroupCommitOptions } from '../../../src/platform/store/group-commit.js';

/** A writer that records each batch it is given and doubles the items. */
function recordingWriter(fail: (items: number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    if (fail(items)) throw new Error(`refused ${items.join(',')}`);
    return items.map((i) => i * 2);
  };
  return { batches, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe.each<GroupCommitOptions['next']>(['end of turn', 'at once'])('group commit, next batch %s', (next) => {
  it('when items arrive together, then they are written in one batch and each caller gets its own result', async () => {
    const writer = recordingWriter();
    const write = groupCommit(writer.write, { maxBatch: 10, next });
    const results = await Promise.all([1, 2, 3].map(write));
    expect(results).toEqual([2, 4, 6]);
    expect(writer.batches).toEqual([[1, 2, 3]]);
  });

  it('when more items arrive than a batch holds, then they are split in order', async () => {
    const writer = recordingWriter();
    const write = groupCommit(writer.write, { maxBatch: 2, next });
    await Promise.all([1, 2, 3, 4, 5].map(write));
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when items arrive while a write is in flight, then they join the next batch', async () => {
    const writer = recordingWriter();
    const write = groupCommit(writer.write, { maxBatch: 10, next });
    const first = write(1);
    await turn();
    const later = [write(2), write(3)];
    await Promise.all([first, ...later]);
    expect(writer.batches).toEqual([[1], [2, 3]]);
  });

  it('when a batch fails, then its items are retried alone and only the bad one fails', async () => {
    const writer = recordingWriter((items) => items.includes(2));
    const write = groupCommit(writer.write, { maxBatch: 10, next });
    const results = await Promise.allSettled([1, 2, 3].map(write));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('when one write fails, then the next items are still written', async () => {
    const writer = recordingWriter((items) => items.includes(1));
    const write = groupCommit(writer.write, { maxBatch: 10, next });
    await expect(write(1)).rejects.toThrow('refused 1');
    await expect(write(4)).resolves.toBe(8);
  });
});

describe('group commit, when a write ends with items waiting', () => {
  /** Holds the write of item 1 until released; records writes and answers in the order they happen. */
  function heldWriter() {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writeMany = async (items: number[]) => {
      events.push(`write ${items.join(',')}`);
      if (items.includes(1)) await held;
      return items;
    };
    return { events, release, writeMany };
  }

  async function run(next: GroupCommitOptions['next']) {
    const { events, release, writeMany } = heldWriter();
    const write = groupCommit(writeMany, { maxBatch: 10, next });
    const first = write(1);
    await turn();
    const second = write(2);
    // Sent by the first caller the moment it hears back, in the same turn as the write's end.
    const third = first.then(() => {
      events.push('answered 1');
      return write(3);
    });
    release();
    await Promise.all([first, second, third]);
    return events;
  }

  it('end of turn: the next batch is formed at the end of that turn, with what arrived in it', async () => {
    expect(await run('end of turn')).toEqual(['write 1', 'answered 1', 'write 2,3']);
  });

  it('at once: the next batch is sent before the callers of the last one hear back', async () => {
    expect(await run('at once')).toEqual(['write 1', 'write 2', 'answered 1', 'write 3']);
  });
});

describe('group commit when the store fails', () => {
  it('when the store is unavailable, then every item of the batch fails at once, none written again alone', async () => {
    const batches: number[][] = [];
    const outage = new StoreUnavailableError('down');
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      throw outage;
    }, { maxBatch: 10, next: 'end of turn' });
    const results = await Promise.allSettled([1, 2, 3].map(write));
    expect(results.map((r) => r.status === 'rejected' && r.reason)).toEqual([outage, outage, outage]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('when the writer answers an Error for one item, then that caller alone fails', async () => {
    const write = groupCommit(async (items: number[]) => items.map((i) => (i === 2 ? new Error('not stored') : i * 2)), {
      maxBatch: 10,
      next: 'end of turn',
    });
    const results = await Promise.allSettled([1, 2, 3].map(write));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
