import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export, which TypeScript's nodenext sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** An answer as a test got it: status, headers and the parsed JSON body (undefined for none). */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

type Json = Record<string, any>;

// Where ajv holds the document's component schemas, as the $defs of a schema of their own: as
// written, for requests, and closed, for answers.
const SCHEMAS_ID = 'https://service.test/openapi.json/components/schemas';
const CLOSED_SCHEMAS_ID = 'https://service.test/openapi.json/components/closed-schemas';
const COMPONENT = '#/components/schemas/';

export interface ValidatorOptions {
  /**
   * `refused` (the default): an answer's object may hold only the properties its schema lists,
   * whatever the document allows clients to expect, so that a field the service writes and the
   * document omits fails. `allowed`: as the document says, for answers that pass on fields of
   * another service's own (gateway mode's legacy order).
   */
  extraProperties?: 'refused' | 'allowed';
}

/** Follows a `#/…` JSON pointer inside the document. */
function resolve(document: Json, value: Json): Json {
  if (typeof value.$ref !== 'string') return value;
  const parts = value.$ref.replace(/^#\//, '').split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return resolve(document, parts.reduce((node: Json, part: string) => node?.[part], document));
}

/** A header's text as the value its schema describes: headers are text, their schemas may say integer. */
function headerValue(schema: Json, text: string): unknown {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return numeric && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/**
 * Checks real answers against an OpenAPI 3.1 document with ajv's JSON Schema 2020-12 (the dialect
 * of OpenAPI 3.1 schemas) and ajv-formats: the status must be documented, every required header
 * present and of its schema, the content type one the response names, and the body of its schema,
 * with no property its schema does not list (see ValidatorOptions).
 */
export function createOpenApiValidator(document: Json, { extraProperties = 'refused' }: ValidatorOptions = {}) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  // OpenAPI's own keywords inside schemas: annotations for a validator (oneOf and const decide).
  ajv.addKeyword('discriminator');
  ajv.addKeyword('example');
  const schemas = document.components?.schemas ?? {};
  ajv.addSchema({ $id: SCHEMAS_ID, $defs: JSON.parse(absolute(schemas, SCHEMAS_ID)) });
  ajv.addSchema({ $id: CLOSED_SCHEMAS_ID, $defs: JSON.parse(absolute(closed(schemas), CLOSED_SCHEMAS_ID)) });
  const answerSchemas = extraProperties === 'refused' ? CLOSED_SCHEMAS_ID : SCHEMAS_ID;

  const compiled = new Map<string, ValidateFunction>();
  const check = (schema: Json, value: unknown, where: string, schemasId = SCHEMAS_ID): string[] => {
    const text = absolute(schemasId === CLOSED_SCHEMAS_ID ? closed(schema) : schema, schemasId);
    if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text)));
    const validate = compiled.get(text)!;
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };

  /** What is wrong with `answer` as an answer of `method path`; empty when it matches the document. */
  function problems(method: string, path: string, answer: Answer): string[] {
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const responses = operation.responses as Json;
    const documented = responses[answer.status] ?? responses[`${String(answer.status)[0]}XX`] ?? responses.default;
    if (!documented) return [`status ${answer.status} is not documented for ${method} ${path}`];
    const response = resolve(document, documented);

    const found: string[] = [];
    for (const [name, reference] of Object.entries((response.headers ?? {}) as Json)) {
      const header = resolve(document, reference);
      const text = answer.headers.get(name);
      if (text === null) {
        if (header.required) found.push(`header ${name} is missing`);
        continue;
      }
      found.push(...check(header.schema ?? {}, headerValue(resolve(document, header.schema ?? {}), text), `header ${name}`));
    }

    const content = (response.content ?? {}) as Json;
    if (Object.keys(content).length === 0) return found;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content[type]) return [...found, `content type "${type}" is not one of ${Object.keys(content).join(', ')}`];
    return [...found, ...check(content[type].schema ?? {}, answer.body, 'body', answerSchemas)];
  }

  /** What is wrong with `body` as the JSON request body of `method path`; empty when it matches. */
  function requestProblems(method: string, path: string, body: unknown): string[] {
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    const schema = operation && resolve(document, operation.requestBody ?? {}).content?.['application/json']?.schema;
    if (!schema) return [`${method} ${path} takes no JSON body in the document`];
    return check(schema, body, 'request');
  }

  return { problems, requestProblems };
}

// A schema taken out of the document, as JSON whose references to component schemas name them
// where ajv holds them (under `id`).
function absolute(schema: Json, id: string): string {
  return JSON.stringify(schema, (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT)
      ? `${id}#/$defs/${value.slice(COMPONENT.length)}`
      : value,
  );
}

const isObjectSchema = (node: Json) => node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));

// A copy of `schema` in which every object schema evaluates no property but those it lists: with
// unevaluatedProperties, unlike additionalProperties, what `if`/`then` or `allOf` beside it list
// counts as listed.
function closed(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !isObjectSchema(value as Json)) return value;
    const node = value as Json;
    delete node.additionalProperties;
    node.unevaluatedProperties = false;
    return node;
  });
}
