import type { SourceRow } from './source-row.js';

const OPEN = new Set(['{', '[']);
const CLOSE = new Set(['}', ']']);
// JSON's whitespace.
const isBlank = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

function toRow(line: number, text: string): SourceRow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, broken: `El operador no es JSON válido (${error instanceof Error ? error.message : error})` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { line, broken: 'El operador debe ser un objeto {…}' };
  return { line, record: value as Record<string, unknown> };
}

/**
 * The elements of a JSON array of operators, read as the text streams in, each with the line it
 * starts on: a large file is never held whole, and a broken element is reported alone, by line,
 * while the rest are read. Only the nesting and the strings are followed here; each element is
 * then parsed by JSON.parse.
 */
export async function* jsonRows(chunks: AsyncIterable<string>): AsyncGenerator<SourceRow> {
  let state = 'start' as 'start' | 'expectElement' | 'element' | 'afterElement' | 'end';
  let line = 1;
  let elementLine = 0;
  let element = '';
  let depth = 0;
  let inString = false;
  let escaped = false;

  for await (const chunk of chunks) {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (OPEN.has(c)) depth++;
        else if (CLOSE.has(c) || c === ',') {
          if (CLOSE.has(c)) depth--;
          // A closing bracket at depth 0 ends an object or array element; a comma or a bracket
          // below it ends a bare value (which toRow then refuses).
          const endsHere = depth === 0 && CLOSE.has(c);
          if (depth < 0 || (depth === 0 && c === ',')) {
            yield toRow(elementLine, element + chunk.slice(start, i));
            state = c === ',' ? 'expectElement' : 'end';
            depth = 0;
          } else if (endsHere) {
            yield toRow(elementLine, element + chunk.slice(start, i + 1));
            state = 'afterElement';
          }
        }
      } else if (isBlank(c)) {
        // Blank between tokens.
      } else if (state === 'start') {
        if (c !== '[') {
          yield { line, broken: 'El archivo JSON debe ser una lista [ … ] de operadores' };
          return;
        }
        state = 'expectElement';
      } else if (state === 'afterElement' && (c === ',' || c === ']')) {
        state = c === ',' ? 'expectElement' : 'end';
      } else if (state === 'expectElement' && c === ']') {
        state = 'end';
      } else if (state === 'end') {
        yield { line, broken: 'Hay texto después del final de la lista' };
        return;
      } else {
        if (state === 'afterElement') yield { line, broken: 'Falta una coma antes de este operador' };
        state = 'element';
        elementLine = line;
        element = '';
        start = i;
        depth = OPEN.has(c) ? 1 : 0;
        inString = c === '"';
        escaped = false;
      }
      if (c === '\n') line++;
    }
    if (state === 'element') element += chunk.slice(start);
  }
  if (state === 'element') yield { line: elementLine, broken: 'El archivo termina dentro de este operador' };
  else if (state !== 'end') yield { line, broken: 'El archivo termina antes de cerrar la lista con ]' };
}
