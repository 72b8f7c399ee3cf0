import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../src/operators/import/csv-rows.js';
import { jsonRows } from '../../src/operators/import/json-rows.js';
import type { SourceRow } from '../../src/operators/import/source-row.js';

async function collect(rows: AsyncIterable<SourceRow>): Promise<SourceRow[]> {
  const all: SourceRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

// The text in chunks of `size` characters, as a stream delivers it, so that tokens fall across chunks.
async function* chunks(text: string, size = 7) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const json = (text: string) => collect(jsonRows(chunks(text)));
const csv = (text: string) => collect(csvRows(Readable.from([text])));

describe('reading operators from JSON', () => {
  it('reads each element of the list with the line it starts on, whatever the chunks', async () => {
    const text = `[
  {"id": "a", "name": "Grúas \\"Sur\\", [norte]"},
  {
    "id": "b",
    "services": [1, 2]
  },{"id":"c"}
]
`;
    for (const size of [1, 3, 7, 1000]) {
      expect(await collect(jsonRows(chunks(text, size)))).toEqual([
        { line: 2, record: { id: 'a', name: 'Grúas "Sur", [norte]' } },
        { line: 3, record: { id: 'b', services: [1, 2] } },
        { line: 6, record: { id: 'c' } },
      ]);
    }
  });

  it('when an element is not valid JSON, then that element is refused by line and the others are read', async () => {
    const rows = await json('[\n{"id": "a"},\n{"id": b},\n{"id": "c"}\n]');

    expect(rows).toEqual([
      { line: 2, record: { id: 'a' } },
      { line: 3, broken: expect.stringMatching(/^El operador no es JSON válido/) },
      { line: 4, record: { id: 'c' } },
    ]);
  });

  it('when an element is not an object, then it is refused by line', async () => {
    expect(await json('[\n42,\n"x",\n[1]\n]')).toEqual([
      { line: 2, broken: 'El operador debe ser un objeto {…}' },
      { line: 3, broken: 'El operador debe ser un objeto {…}' },
      { line: 4, broken: 'El operador debe ser un objeto {…}' },
    ]);
  });

  it('when a comma is missing, then it says so at the line and still reads the element', async () => {
    expect(await json('[{"id": "a"}\n{"id": "b"}]')).toEqual([
      { line: 1, record: { id: 'a' } },
      { line: 2, broken: 'Falta una coma antes de este operador' },
      { line: 2, record: { id: 'b' } },
    ]);
  });

  it.each([
    ['the file ends inside an element', '[\n{"id": "a"},\n{"id": "b",', { line: 3, broken: 'El archivo termina dentro de este operador' }],
    ['the list is never closed', '[\n{"id": "a"}\n', { line: 3, broken: 'El archivo termina antes de cerrar la lista con ]' }],
    ['text follows the list', '[{"id": "a"}]\n\nmore', { line: 3, broken: 'Hay texto después del final de la lista' }],
  ])('when %s, then the last row says so', async (_case, text, last) => {
    const rows = await json(text);
    expect(rows.at(-1)).toEqual(last);
  });

  it('when the file is not a list, then it is refused at its first line and nothing is read', async () => {
    expect(await json('{"id": "a"}')).toEqual([{ line: 1, broken: 'El archivo JSON debe ser una lista [ … ] de operadores' }]);
  });
});

describe('reading operators from CSV', () => {
  const HEADER = 'id,name,phone,services,latitude,longitude,onDuty\n';

  it('reads one operator per line, typed as the rules expect, with quoted fields and any column order', async () => {
    const rows = await csv(
      '\uFEFFlatitude,id,name,phone,services,longitude,onDuty\r\n' +
        '-33.4,a,"Grúas ""Sur"", Ltda",+56912345678,1|3,-70.6,false\r\n' +
        '\r\n' +
        '-33.5,b,Taller,+56912345678,2,-70.7,\r\n',
    );

    expect(rows).toEqual([
      {
        line: 2,
        record: { latitude: -33.4, id: 'a', name: 'Grúas "Sur", Ltda', phone: '+56912345678', services: [1, 3], longitude: -70.6, onDuty: false },
      },
      {
        line: 4,
        record: { latitude: -33.5, id: 'b', name: 'Taller', phone: '+56912345678', services: [2], longitude: -70.7, onDuty: undefined },
      },
    ]);
  });

  it('when the header uses semicolons, then so do the lines', async () => {
    const rows = await csv('id;name;phone;services;latitude;longitude\na;Grúas, Sur;+56912345678;1 2;-33.4;-70.6\n');

    expect(rows).toEqual([
      { line: 2, record: expect.objectContaining({ id: 'a', name: 'Grúas, Sur', services: [1, 2], latitude: -33.4 }) },
    ]);
  });

  it('when a line is broken, then that line alone is refused, by number', async () => {
    const rows = await csv(
      HEADER +
        'a,"Sin cerrar,+56912345678,1,-33.4,-70.6,true\n' +
        'b,Corta,+56912345678,1,-33.4\n' +
        'c,"Cerrada"x,+56912345678,1,-33.4,-70.6,true\n' +
        'd,Bien,+56912345678,1,-33.4,-70.6,true\n',
    );

    expect(rows).toEqual([
      { line: 2, broken: 'La línea tiene comillas sin cerrar' },
      { line: 3, broken: 'La línea tiene 5 campos y la cabecera 7' },
      { line: 4, broken: 'La línea tiene texto después de las comillas del campo 2' },
      { line: 5, record: expect.objectContaining({ id: 'd' }) },
    ]);
  });

  it('when a value does not convert, then it is passed on as text for its rule to refuse', async () => {
    const [row] = await csv(HEADER + 'a,N,+56912345678,1|snow,north,,maybe\n');

    expect(row).toEqual({
      line: 2,
      record: { id: 'a', name: 'N', phone: '+56912345678', services: '1|snow', latitude: Number.NaN, longitude: undefined, onDuty: 'maybe' },
    });
  });

  it('when the header lacks a column, then the file is refused at line 1', async () => {
    expect(await csv('id,name,phone\na,b,c\n')).toEqual([
      { line: 1, broken: expect.stringMatching(/faltan services, latitude, longitude$/) },
    ]);
  });
});
