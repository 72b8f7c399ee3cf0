import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperatorDraft } from '../../src/operators/domain/input.js';
import type { Operator } from '../../src/operators/domain/operator.js';
import { importOperators, openOperatorFile } from '../../src/operators/import/import-operators.js';
import { createProgressBar } from '../../src/operators/import/progress-bar.js';
import type { SourceRow } from '../../src/operators/import/source-row.js';
import { migrate } from '../../src/platform/store/migrate.js';
import { openPglite } from '../../src/platform/pglite/pglite.js';
import { createOperatorStore } from '../../src/operators/store/operator-store.js';
import { seedDemoOperators } from '../../src/operators/seed-demo-operators.js';

const NOW = new Date('2026-03-04T05:06:07.000Z');
const dir = mkdtempSync(join(tmpdir(), 'operators-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A store that keeps each batch it is given, in order; `failAt` makes that batch (from 1) throw. */
function recordingStore(failAt?: number) {
  const batches: string[][] = [];
  return {
    batches,
    async upsertMany(drafts: readonly OperatorDraft[]): Promise<Operator[]> {
      if (batches.length + 1 === failAt) throw new Error('store down');
      batches.push(drafts.map((d) => d.id));
      return [];
    },
  };
}

const row = (line: number, id: string, over: Record<string, unknown> = {}): SourceRow => ({
  line,
  record: { id, name: `Grúas ${id}`, phone: '+56912345678', services: [1], latitude: -33.4, longitude: -70.6, ...over },
});

async function* rowsOf(rows: SourceRow[]) {
  yield* rows;
}

describe('importOperators', () => {
  it('writes the valid rows in batches of the given size and reports every refused one with its line and field', async () => {
    const store = recordingStore();

    const report = await importOperators(
      rowsOf([
        row(2, 'a'),
        row(3, 'b', { latitude: 91 }),
        row(4, 'c'),
        { line: 5, broken: 'La línea tiene comillas sin cerrar' },
        row(6, 'a', { name: 'Otra vez' }),
        row(7, 'd', { services: [1, 9] }),
        row(8, 'e'),
        row(9, 'f'),
      ]),
      { store, clock: () => NOW, batchSize: 2 },
    );

    expect(store.batches).toEqual([['a', 'c'], ['e', 'f']]);
    expect(report).toEqual({
      imported: 4,
      rejected: [
        { line: 3, field: 'latitude', reason: 'El campo latitude debe ser un número entre -90 y 90' },
        { line: 5, field: null, reason: 'La línea tiene comillas sin cerrar' },
        { line: 6, field: 'id', reason: 'El operador a ya aparece en la línea 2' },
        { line: 7, field: 'services', reason: expect.stringMatching(/^El campo services debe ser/) },
      ],
    });
  });

  it('when a batch cannot be written, then the import stops there, with the earlier batches written whole', async () => {
    const store = recordingStore(2);

    await expect(
      importOperators(rowsOf([row(2, 'a'), row(3, 'b'), row(4, 'c'), row(5, 'd')]), { store, clock: () => NOW, batchSize: 2 }),
    ).rejects.toThrow('store down');
    expect(store.batches).toEqual([['a', 'b']]);
  });
});

describe('importing a file into the store', () => {
  it('creates new operators and updates known ones; an onDuty left out keeps the stored duty', async () => {
    const sql = await openPglite();
    await migrate(sql);
    const store = createOperatorStore(sql);
    const importFile = async (path: string, format: 'json' | 'csv') =>
      importOperators((await openOperatorFile(path, format)).rows, { store, clock: () => NOW });

    const first = await importFile(
      file('first.json', JSON.stringify([
        { id: 'x', name: 'X', phone: '+56912345678', services: [1], latitude: -33.4, longitude: -70.6, onDuty: false },
        { id: 'y', name: 'Y', phone: '+56912345678', services: [2, 3], latitude: -33.5, longitude: -70.7 },
      ], null, 1)),
      'json',
    );
    const second = await importFile(
      file('second.csv', 'id,name,phone,services,latitude,longitude,onDuty\nx,X2,+56911111111,3,-33.41,-70.61,\ny,Y,+56912345678,2|3,-33.5,-70.7,false\n'),
      'csv',
    );

    expect([first, second]).toEqual([{ imported: 2, rejected: [] }, { imported: 2, rejected: [] }]);
    expect(await store.findMany(['x', 'y'])).toEqual(
      expect.arrayContaining([
        { id: 'x', name: 'X2', phone: '+56911111111', services: [3], position: { latitude: -33.41, longitude: -70.61 }, onDuty: false, updatedAt: NOW },
        { id: 'y', name: 'Y', phone: '+56912345678', services: [2, 3], position: { latitude: -33.5, longitude: -70.7 }, onDuty: false, updatedAt: NOW },
      ]),
    );
    await sql.close();
  });
});

describe('seeding the demo roster', () => {
  it('imports seed/demo-operators.json into an empty store, and nothing into one that has operators', async () => {
    const sql = await openPglite();
    await migrate(sql);
    const store = createOperatorStore(sql);

    expect(await seedDemoOperators(store, NOW)).toBe(60);
    expect(await seedDemoOperators(store, NOW)).toBe(0);
    expect(await store.findById('demo-001')).toMatchObject({ id: 'demo-001', onDuty: true, updatedAt: NOW });
    await sql.close();
  });
});

describe('the progress bar', () => {
  it('draws the share done, and a full bar at the end', () => {
    let screen = '';
    const bar = createProgressBar({ write: (text: string) => (screen += text) } as never, 200, 'roster.csv');

    bar.update(50, '1,000 operators');
    bar.finish('4,000 operators');

    expect(screen).toContain(`roster.csv [${'#'.repeat(8)}${'.'.repeat(22)}]  25 % 1,000 operators`);
    expect(screen).toMatch(/\[#{30}\] 100 % 4,000 operators\n$/);
  });
});

describe('npm run operators:import', () => {
  function run(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'operators:import', '--', ...args], {
        cwd: new URL('../../', import.meta.url).pathname,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  it('when some lines are refused, then it imports the rest, lists the refused by line and exits with 2', { timeout: 60_000 }, async () => {
    const path = file(
      'mixed.csv',
      'id,name,phone,services,latitude,longitude\n' +
        'ok-1,Uno,+56912345678,1,-33.4,-70.6\n' +
        'bad-1,"Dos,+56912345678,1,-33.4,-70.6\n' +
        'ok-2,Tres,+56912345678,2,-33.4,-70.6\n',
    );
    const dataDir = join(dir, 'cli-store');

    const { code, output } = await run([path], dataDir);

    expect(output).toContain('2 operators imported');
    expect(output).toContain('1 refused');
    expect(output).toContain('line 3: La línea tiene comillas sin cerrar');
    expect(code).toBe(2);
    const sql = await openPglite(dataDir);
    const { rows } = await sql.query<{ id: string }>('select id from operators order by id');
    await sql.close();
    expect(rows.map((r) => r.id)).toEqual(['ok-1', 'ok-2']);
  });

  it('when the format cannot be told, then it says how to name it and exits with 1', { timeout: 60_000 }, async () => {
    const { code, output } = await run([file('operators.txt', '')], join(dir, 'unused'));

    expect(output).toContain('--format json or --format csv');
    expect(code).toBe(1);
  });
});
