// REST: api-smart-diff's comparison and classification of the two OpenAPI documents, seen through
// the operations (what a client calls), with the rules of docs/versioning.md on top: a removal is
// allowed once the released document has marked the thing `deprecated: true`, except on the frozen
// legacy route; a retyped value breaks; a new enum value in an answer is dangerous.
import { apiCompare, type Diff } from 'api-smart-diff';
import type { Kind, Level, SchemaChange } from './changes.js';

type Json = Record<string, unknown>;
type Path = (string | number)[];

/** The legacy order service's route, whose wire format is frozen. */
export const FROZEN = { route: '/applications/orders', method: 'post' };

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only references inside the document are followed, not ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
}

/**
 * The document with each `$ref` that has keywords beside it (`deprecated`, `description`…) made
 * one schema: the referenced one with those keywords over it. OpenAPI 3.1 allows the siblings;
 * compared as they are, a field's deprecation would read as its type replaced.
 */
export function withSiblingsMerged(document: Json): Json {
  const walk = (node: unknown, expanding: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, expanding));
    if (!isObject(node)) return node;
    const { $ref, ...rest } = node;
    if (typeof $ref === 'string' && Object.keys(rest).length > 0 && !expanding.includes($ref)) {
      const target = pointer(document, $ref);
      if (isObject(target)) return walk({ ...target, ...rest }, [...expanding, $ref]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, expanding)]));
  };
  return walk(document, []) as Json;
}

/** The node at `path`, following references on the way. */
function nodeAt(document: Json, path: Path): unknown {
  let node: unknown = document;
  for (const key of path) {
    while (isObject(node) && typeof node.$ref === 'string') node = pointer(document, node.$ref);
    if (isObject(node) || Array.isArray(node)) node = (node as Record<string | number, unknown>)[key];
    else return undefined;
  }
  while (isObject(node) && typeof node.$ref === 'string') node = pointer(document, node.$ref);
  return node;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Whether the released document deprecated what `diff` takes away: the operation, a parameter, a
 * property on the way to it, or, for a property no longer required, that property.
 */
function deprecatedInReleased(released: Json, diff: Diff): boolean {
  const path = diff.path as Path;
  if (path[0] !== 'paths' || path.length < 2) return false;
  for (let end = 2; end <= path.length; end++) {
    const node = nodeAt(released, path.slice(0, end));
    if (!isObject(node)) break;
    if (end === 2 && path.length === 2) {
      const operations = METHODS.map((method) => node[method]).filter(isObject);
      return operations.length > 0 && operations.every((operation) => operation.deprecated === true);
    }
    if (end > 2 && node.deprecated === true) return true;
    if (path[end] === 'required' && end + 2 === path.length && typeof diff.before === 'string') {
      const property = nodeAt(released, [...path.slice(0, end), 'properties', diff.before]);
      if (isObject(property) && property.deprecated === true) return true;
    }
  }
  return false;
}

const short = (value: unknown): string => {
  if (value === undefined || isObject(value) || Array.isArray(value)) return '';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Where a diff is, as a reader of the API says it: `POST /applications/orders answer 200 status.code (enum "x")`. */
function where(path: Path, documents: Json[]): string {
  if (path[0] !== 'paths') return path.join('.');
  const [, route = '', method = '', ...rest] = path;
  const words = [METHODS.includes(String(method)) ? `${String(method).toUpperCase()} ${route}` : `${route} ${method}`.trim()];
  const fields: string[] = [];
  let keyword = '';
  for (let i = 0; i < rest.length; i++) {
    const key = rest[i];
    const next = rest[i + 1];
    if (key === 'parameters' && next !== undefined) {
      const prefix = path.slice(0, 3 + i + 2);
      const parameter = documents.map((d) => nodeAt(d, prefix)).find(isObject);
      words.push(`parameter ${parameter?.name ?? next}${parameter?.in ? ` (${parameter.in})` : ''}`);
      i++;
    } else if (key === 'requestBody') words.push('request');
    else if (key === 'responses' && next !== undefined) {
      words.push(`answer ${next}`);
      i++;
    } else if (key === 'headers' && next !== undefined) {
      words.push(`header ${next}`);
      i++;
    } else if (key === 'content' && next !== undefined) {
      if (next !== 'application/json') words.push(`(${next})`);
      i++;
    } else if (key === 'schema') continue;
    else if (key === 'properties' && next !== undefined) {
      fields.push(String(next));
      i++;
    } else if (key === 'items') fields.push('[]');
    else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && typeof next === 'number') {
      fields.push(`${key}[${next}]`);
      i++;
    } else {
      keyword = rest.slice(i).filter((part) => typeof part !== 'number').join('.');
      break;
    }
  }
  if (fields.length > 0) words.push(fields.join('.').replaceAll('.[]', '[]'));
  if (keyword) words.push(`(${keyword})`);
  return words.join(' ');
}

function kindOf(diff: Diff): Kind {
  if (diff.path.at(-1) === 'deprecated') return diff.after === true ? 'deprecated' : 'changed';
  if (diff.type === 'deprecated') return 'deprecated';
  if (diff.action === 'add') return 'added';
  if (diff.action === 'remove') return 'removed';
  return 'changed';
}

/** The operation a diff is under, when it is under one. */
const operationOf = (path: Path) => (path[0] === 'paths' ? { route: path[1], method: path[2] } : undefined);

/** The changes from the released OpenAPI document to today's. */
export function diffOpenApi(releasedDocument: Json, currentDocument: Json): SchemaChange[] {
  const released = withSiblingsMerged(releasedDocument);
  const current = withSiblingsMerged(currentDocument);
  const { diffs } = apiCompare(released, current);

  return diffs
    // Components are what operations are made of; their changes are reported where they reach a client.
    .filter((diff) => diff.path[0] !== 'components')
    .map((diff): SchemaChange => {
      const path = diff.path as Path;
      const operation = operationOf(path);
      const frozen = operation?.route === FROZEN.route && operation.method === FROZEN.method;
      const inAnswer = path.includes('responses');
      let level: Level = diff.type === 'breaking' ? 'BREAKING' : diff.type === 'unclassified' ? 'DANGEROUS' : 'NON_BREAKING';
      let note: string | undefined;

      if (path.at(-1) === 'type' && diff.action === 'replace') {
        level = 'BREAKING';
        note = 'retyped';
      } else if (level === 'BREAKING' && inAnswer && path.at(-2) === 'enum' && diff.action === 'add') {
        level = 'DANGEROUS';
        note = 'a new value in an answer: clients must accept values they do not know';
      }
      if (level === 'BREAKING' && diff.action === 'remove' && deprecatedInReleased(released, diff)) {
        if (frozen) note = 'the legacy route is frozen: deprecation does not allow this';
        else {
          level = 'DANGEROUS';
          note = 'deprecated in the released document';
        }
      }

      const kind = kindOf(diff);
      const message =
        kind === 'deprecated'
          ? 'deprecated'
          : diff.action === 'add'
          ? `added ${short(diff.after)}`
          : diff.action === 'remove'
            ? `removed ${short(diff.before)}`
            : `changed ${short(diff.before)} → ${short(diff.after)}`;
      return {
        face: 'REST',
        level,
        kind,
        path: where(path, [released, current]),
        message: message.trim(),
        ...(note ? { note } : {}),
        ...(diff.type === 'annotation' ? { wording: true } : {}),
      };
    });
}
