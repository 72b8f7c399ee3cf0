import {
  type ConstDirectiveNode,
  type DefinitionNode,
  type FieldDefinitionNode,
  Kind,
  parse,
  print,
  type InputValueDefinitionNode,
  type EnumValueDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { hasRelease, releasedVersion, releaseSection, withRelease } from '../scripts/schema-check/changelog.js';
import { checkSchemas, formatReport } from '../scripts/schema-check/check.js';
import { currentDocuments, releasedDocuments, type SchemaDocuments } from '../scripts/schema-check/documents.js';

// Every document here is built in memory from a parsed copy of today's: the repository's own
// files are only read.
const today = currentDocuments();

type Member = FieldDefinitionNode | InputValueDefinitionNode | EnumValueDefinitionNode;
type Definition = DefinitionNode & { name?: { value: string }; fields?: readonly Member[]; values?: readonly Member[] };

/** The SDL with the members of the type `typeName` passed through `change`. */
function editGraphql(sdl: string, typeName: string, change: (members: Member[]) => Member[]): string {
  const document = parse(sdl);
  let found = false;
  const definitions = document.definitions.map((definition) => {
    const named = definition as Definition;
    if (named.name?.value !== typeName) return definition;
    found = true;
    const key = named.values ? 'values' : 'fields';
    return { ...named, [key]: change([...(named[key] ?? [])]) } as DefinitionNode;
  });
  if (!found) throw new Error(`no type ${typeName} in the schema`);
  return print({ ...document, definitions });
}

/** The SDL without the type `typeName`. */
function withoutType(sdl: string, typeName: string): string {
  const document = parse(sdl);
  const definitions = document.definitions.filter((definition) => (definition as Definition).name?.value !== typeName);
  if (definitions.length === document.definitions.length) throw new Error(`no type ${typeName} in the schema`);
  return print({ ...document, definitions });
}

const without = (name: string) => (members: Member[]) => {
  if (!members.some((m) => m.name.value === name)) throw new Error(`no member ${name}`);
  return members.filter((m) => m.name.value !== name);
};
const DEPRECATED: ConstDirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'deprecated' }, arguments: [] };
const deprecating = (name: string) => (members: Member[]) =>
  members.map((m) => (m.name.value === name ? { ...m, directives: [...(m.directives ?? []), DEPRECATED] } : m));
const withMember = (sdl: string) => (members: Member[]) => {
  const [definition] = parse(`type T { ${sdl} } input I { ${sdl} }`).definitions as Definition[];
  return [...members, definition!.fields![0]!];
};
const withInputMember = (sdl: string) => (members: Member[]) => {
  const [, definition] = parse(`type T { x: Int } input I { ${sdl} }`).definitions as Definition[];
  return [...members, definition!.fields![0]!];
};

type Schema = { type?: string; required?: string[]; properties: Record<string, Record<string, unknown>> };

/** A copy of the documents with the OpenAPI component schema `name` passed through `change`. */
function editOpenApi(documents: SchemaDocuments, name: string, change: (schema: Schema) => void): SchemaDocuments {
  const copy = structuredClone(documents);
  const schemas = (copy.openapi.components as { schemas: Record<string, Schema> }).schemas;
  if (!schemas[name]) throw new Error(`no schema ${name}`);
  change(schemas[name]);
  return copy;
}

const removeProperty = (property: string) => (schema: Schema) => {
  if (!schema.properties[property]) throw new Error(`no property ${property}`);
  delete schema.properties[property];
  schema.required = schema.required?.filter((p) => p !== property);
};

const breakingOf = async (released: SchemaDocuments, current: SchemaDocuments) => {
  const result = await checkSchemas(released, current);
  return { result, breaking: result.breaking.map((c) => `${c.face} ${c.path}`) };
};

describe('the schema check', () => {
  it("when run on the repository's documents, then today's match release's and it passes", async () => {
    const result = await checkSchemas(releasedDocuments(), today);

    expect(result.breaking).toEqual([]);
    expect(result.passed).toBe(true);
    expect(formatReport(result, 'release 0.1.0').at(-1)).toMatch(/^schema check against release 0\.1\.0: 0 breaking, \d+ dangerous, \d+ safe; passed$/);
  });

  describe('when a change may break a client, then it fails', () => {
    it('a GraphQL field removed', async () => {
      const current = { ...today, graphql: editGraphql(today.graphql, 'Order', without('distance')) };

      const { result, breaking } = await breakingOf(today, current);

      expect(result.passed).toBe(false);
      expect(breaking).toEqual(['GraphQL Order.distance']);
      const lines = formatReport(result, 'release 0.1.0');
      expect(lines[0]).toMatch(/^BREAKING +GraphQL Order\.distance: Field 'distance' was removed from object type 'Order'$/);
      expect(lines.at(-1)).toMatch(/^schema check against release 0\.1\.0: 1 breaking, 0 dangerous, 0 safe; FAILED/);
    });

    it('a GraphQL enum value removed', async () => {
      const current = { ...today, graphql: editGraphql(today.graphql, 'ServiceCode', (values) => values.slice(0, -1)) };

      const { breaking } = await breakingOf(today, current);

      expect(breaking).toEqual([expect.stringMatching(/^GraphQL ServiceCode\.\w+$/)]);
    });

    it('a field of the REST answer removed, on every route that answers it', async () => {
      const { result, breaking } = await breakingOf(today, editOpenApi(today, 'Order', removeProperty('distance')));

      expect(result.passed).toBe(false);
      expect(breaking).toEqual(
        expect.arrayContaining([
          'REST POST /applications/orders answer 200 distance',
          'REST GET /applications/orders/{id} answer 200 distance',
          'REST POST /applications/orders/{id}/cancel answer 200 distance',
        ]),
      );
    });

    it('a field of the REST answer retyped', async () => {
      const current = editOpenApi(today, 'Quote', (schema) => {
        schema.properties.distance = { type: 'string' };
      });

      const { breaking } = await breakingOf(today, current);

      expect(breaking).toContain('REST POST /applications/quotes answer 200 distance (type)');
    });

    it('a REST operation removed, unless the released document deprecated it', async () => {
      const removed = structuredClone(today);
      delete (removed.openapi.paths as Record<string, unknown>)['/applications/quotes'];
      const deprecated = structuredClone(today);
      ((deprecated.openapi.paths as Record<string, Record<string, Record<string, unknown>>>)['/applications/quotes']!.post!).deprecated = true;

      const { breaking } = await breakingOf(today, removed);
      const afterDeprecation = await checkSchemas(deprecated, removed);

      expect(breaking).toEqual(['REST POST /applications/quotes']);
      expect(afterDeprecation.passed).toBe(true);
      expect(afterDeprecation.changes.map((c) => [c.level, c.kind, c.path])).toEqual([['DANGEROUS', 'removed', 'POST /applications/quotes']]);
    });

    it('a newly required input, in GraphQL and in REST', async () => {
      const graphql = editGraphql(today.graphql, 'CreateOrderInput', withInputMember('fleetCode: String!'));
      const openapi = editOpenApi(today, 'CreateOrderRequest', (schema) => {
        schema.properties.fleetCode = { type: 'string' };
        schema.required = [...(schema.required ?? []), 'fleetCode'];
      }).openapi;

      const { result, breaking } = await breakingOf(today, { graphql, openapi });

      expect(result.passed).toBe(false);
      expect(breaking).toEqual(
        expect.arrayContaining(['GraphQL CreateOrderInput.fleetCode', 'REST POST /applications/orders request (required)', 'REST POST /applications/orders request fleetCode']),
      );
    });
  });

  describe('when nothing a client relies on goes, then it passes', () => {
    it('a field added to an answer, in GraphQL and in REST', async () => {
      const graphql = editGraphql(today.graphql, 'Order', withMember('fleetCode: String'));
      const openapi = editOpenApi(today, 'Order', (schema) => {
        schema.properties.fleetCode = { type: 'string' };
      }).openapi;

      const result = await checkSchemas(today, { graphql, openapi });

      expect(result.passed).toBe(true);
      expect(result.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ face: 'GraphQL', level: 'NON_BREAKING', kind: 'added', path: 'Order.fleetCode' }),
          expect.objectContaining({ face: 'REST', level: 'NON_BREAKING', kind: 'added', path: 'GET /applications/orders/{id} answer 200 fleetCode' }),
        ]),
      );
    });

    it('an optional input added', async () => {
      const graphql = editGraphql(today.graphql, 'CreateOrderInput', withInputMember('fleetCode: String'));

      const result = await checkSchemas(today, { ...today, graphql });

      expect(result.passed).toBe(true);
    });

    it('a new value in an answer is dangerous: printed, not failed', async () => {
      const graphql = editGraphql(today.graphql, 'OrderStatus', (values) => [...values, { ...values[0]!, name: { kind: Kind.NAME, value: 'archived' } }]);

      const result = await checkSchemas(today, { ...today, graphql });

      expect(result.passed).toBe(true);
      expect(formatReport(result, 'release 0.1.0')[0]).toMatch(/^DANGEROUS +GraphQL OrderStatus\.archived: /);
    });
  });

  describe('when the released documents deprecated what goes', () => {
    const released: SchemaDocuments = editOpenApi(
      {
        ...today,
        graphql: editGraphql(editGraphql(today.graphql, 'Order', deprecating('distance')), 'CreateOrderInput', deprecating('clientName')),
      },
      'Quote',
      (schema) => {
        schema.properties.partnerDistance = { ...schema.properties.partnerDistance, deprecated: true };
      },
    );

    it('then deprecating them was itself a safe change, listed as a deprecation', async () => {
      const result = await checkSchemas(today, released);

      expect(result.passed).toBe(true);
      expect(result.changes.filter((c) => c.kind === 'deprecated').map((c) => `${c.face} ${c.path}`)).toEqual([
        'GraphQL CreateOrderInput.clientName.@deprecated',
        'GraphQL Order.distance.@deprecated',
        'REST POST /applications/quotes answer 200 partnerDistance (deprecated)',
      ]);
    });

    it('then removing them passes, each removal printed as dangerous', async () => {
      const graphql = editGraphql(editGraphql(released.graphql, 'Order', without('distance')), 'CreateOrderInput', without('clientName'));
      const openapi = editOpenApi(released, 'Quote', removeProperty('partnerDistance')).openapi;

      const result = await checkSchemas(released, { graphql, openapi });

      expect(result.breaking).toEqual([]);
      expect(result.changes.filter((c) => c.kind === 'removed').map((c) => [c.level, c.face, c.path])).toEqual([
        ['DANGEROUS', 'GraphQL', 'CreateOrderInput.clientName'],
        ['DANGEROUS', 'GraphQL', 'Order.distance'],
        ['DANGEROUS', 'REST', 'POST /applications/quotes answer 200 (required)'],
        ['DANGEROUS', 'REST', 'POST /applications/quotes answer 200 partnerDistance'],
      ]);
    });

    it('but removing one in the same release that deprecates it fails', async () => {
      const graphql = editGraphql(today.graphql, 'Order', without('distance'));

      const { breaking } = await breakingOf(today, { ...today, graphql });

      expect(breaking).toEqual(['GraphQL Order.distance']);
    });

    it('but on the frozen legacy route, POST /applications/orders, a deprecated answer field still may not go', async () => {
      const deprecated = editOpenApi(today, 'Order', (schema) => {
        schema.properties.distance = { ...schema.properties.distance, deprecated: true };
      });

      const { breaking } = await breakingOf(deprecated, editOpenApi(deprecated, 'Order', removeProperty('distance')));

      expect(breaking).toEqual(['REST POST /applications/orders answer 200 (required)', 'REST POST /applications/orders answer 200 distance']);
    });

    it('then a type reached only through deprecated fields may go with them', async () => {
      const withType = editGraphql(
        `${released.graphql}\ntype LegacyTrip { metres: Int! }\n`,
        'Order',
        withMember('legacyTrip: LegacyTrip @deprecated(reason: "use distance")'),
      );
      const removed = editGraphql(withoutType(withType, 'LegacyTrip'), 'Order', without('legacyTrip'));

      const result = await checkSchemas({ ...released, graphql: withType }, { ...released, graphql: removed });

      expect(result.breaking).toEqual([]);
      expect(result.changes.map((c) => [c.level, c.path])).toEqual(
        expect.arrayContaining([
          ['DANGEROUS', 'Order.legacyTrip'],
          ['DANGEROUS', 'LegacyTrip'],
        ]),
      );
    });
  });
});

describe('the changelog', () => {
  const changelog = '# Changelog\n\nIntro.\n\n## 0.1.0 — 2026-01-01\n\nThe first release.\n';

  it('when a release is cut, then its section goes above the earlier ones, by face: added, deprecated, removed', async () => {
    const current = {
      graphql: editGraphql(editGraphql(today.graphql, 'Order', withMember('fleetCode: String')), 'Order', deprecating('distance')),
      openapi: editOpenApi(today, 'Quote', (schema) => {
        schema.properties.fleetCode = { type: 'string' };
      }).openapi,
    };
    const { changes } = await checkSchemas(today, current);

    const written = withRelease(changelog, releaseSection('0.2.0', '2026-02-01', changes));

    expect(written).toBe(
      [
        '# Changelog',
        '',
        'Intro.',
        '',
        '## 0.2.0 — 2026-02-01',
        '',
        '### GraphQL',
        '',
        'Added:',
        '',
        "- `Order.fleetCode`: Field 'fleetCode' was added to object type 'Order'",
        '',
        'Deprecated:',
        '',
        "- `Order.distance.@deprecated`: Field 'Order.distance' is deprecated",
        '',
        '### REST',
        '',
        'Added:',
        '',
        '- `POST /applications/quotes answer 200 fleetCode`: added',
        '',
        '## 0.1.0 — 2026-01-01',
        '',
        'The first release.',
        '',
      ].join('\n'),
    );
    expect([releasedVersion(written), hasRelease(written, '0.1.0'), hasRelease(written, '0.3.0')]).toEqual(['0.2.0', true, false]);
  });

  it('when nothing changed, then the section says so', () => {
    expect(releaseSection('0.2.0', '2026-02-01', [])).toBe('## 0.2.0 — 2026-02-01\n\nNo schema changes.\n');
  });
});
