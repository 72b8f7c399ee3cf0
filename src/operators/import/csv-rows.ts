import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SourceRow } from './source-row.js';

const REQUIRED = ['id', 'name', 'phone', 'services', 'latitude', 'longitude'];
const OPTIONAL = ['onDuty'];

type Split = { fields: string[] } | { broken: string };

/** The fields of one CSV line (RFC 4180 quoting: "a, b" and "" for a quote inside quotes). */
export function splitCsvLine(text: string, separator: string): Split {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return { broken: 'La línea tiene comillas sin cerrar' };
        value += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        value += '"';
        i++;
      }
      fields.push(value);
      if (i === text.length) return { fields };
      if (text[i] !== separator) return { broken: `La línea tiene texto después de las comillas del campo ${fields.length}` };
      i++;
    } else {
      const end = text.indexOf(separator, i);
      if (end === -1) {
        fields.push(text.slice(i));
        return { fields };
      }
      fields.push(text.slice(i, end));
      i = end + 1;
    }
  }
}

// The text of a cell as the value the core's rules expect; what does not convert is passed on as
// text, so that the rule of its field refuses it and names the field.
const absent = (v: string) => v.trim() === '';
const number = (v: string) => (absent(v) ? undefined : Number(v));
const services = (v: string) => {
  const codes = v.trim().split(/[\s|]+/).filter(Boolean).map(Number);
  return codes.every(Number.isInteger) ? codes : v;
};
const onDuty = (v: string) => {
  if (absent(v)) return undefined;
  if (/^(true|1|s[ií]|yes)$/i.test(v.trim())) return true;
  if (/^(false|0|no)$/i.test(v.trim())) return false;
  return v;
};
const CONVERT: Record<string, (v: string) => unknown> = {
  services,
  latitude: number,
  longitude: number,
  onDuty,
};

/**
 * Operators from CSV: a header line naming the columns (id, name, phone, services, latitude,
 * longitude and optionally onDuty, in any order), then one operator per line. Services are codes
 * separated by `|` or spaces ("1|3"). The separator is a comma, or a semicolon when the header uses
 * one (as spreadsheets set to Spanish save CSV). Records never span lines, so a broken line is
 * refused alone and the lines after it are read as usual.
 */
export async function* csvRows(input: Readable): AsyncGenerator<SourceRow> {
  let header: string[] | undefined;
  let separator = ',';
  let line = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!header) {
      separator = text.includes(';') && !text.includes(',') ? ';' : ',';
      const split = splitCsvLine(text, separator);
      const names = 'fields' in split ? split.fields.map((f) => f.trim()) : [];
      const missing = REQUIRED.filter((column) => !names.includes(column));
      if (missing.length > 0) {
        yield { line, broken: `La cabecera debe nombrar las columnas ${[...REQUIRED, ...OPTIONAL].join(', ')}; faltan ${missing.join(', ')}` };
        return;
      }
      header = names;
      continue;
    }
    if (absent(text)) continue;
    const split = splitCsvLine(text, separator);
    if ('broken' in split) {
      yield { line, broken: split.broken };
    } else if (split.fields.length !== header.length) {
      yield { line, broken: `La línea tiene ${split.fields.length} campos y la cabecera ${header.length}` };
    } else {
      const record: Record<string, unknown> = {};
      header.forEach((column, i) => {
        const convert = CONVERT[column];
        record[column] = convert ? convert(split.fields[i]!) : split.fields[i];
      });
      yield { line, record };
    }
  }
  if (!header) yield { line: 1, broken: 'El archivo está vacío: falta la cabecera' };
}
