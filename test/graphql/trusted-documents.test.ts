import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ValidationRule } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import * as jit from 'graphql-jit';
import { describe, expect, it, vi } from 'vitest';
import { compiledExecution } from '../../src/graphql/compiled-execution.js';
import { createTrustedDocuments, readManifest } from '../../src/graphql/trusted-documents.js';
import { ConfigError } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/platform/logger.js';

// graphql-jit's compiler, counted.
vi.mock('graphql-jit', async (original) => {
  const actual = await original<typeof jit>();
  return { ...actual, compileQuery: vi.fn(actual.compileQuery) };
});
const compiles = vi.mocked(jit.compileQuery);

const HELLO = 'query Hello($name: String!) { hello(name: $name) }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const schema = createSchema({
  typeDefs: 'type Query { hello(name: String!): String! }',
  resolvers: { Query: { hello: (_: unknown, { name }: { name: string }) => `hola ${name}` } },
});

function manifestFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'manifest-')), 'persisted-documents.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

/** yoga with the resolver first, as the service has it, and counters of what it does to documents. */
function service(only: boolean) {
  const log = createLogger('silent');
  const documents = createTrustedDocuments({ manifest: readManifest(manifestFile({ [`sha256:${sha256(HELLO)}`]: HELLO })), only }, log);
  const counted = { parses: 0, validations: 0 };
  // A rule that runs once per validation actually made (not one answered from a cache).
  const countingRule: ValidationRule = () => {
    counted.validations++;
    return {};
  };
  const counting: Plugin = {
    onParse: ({ parseFn, setParseFn }) => setParseFn((...args) => (counted.parses++, parseFn(...args))),
    onValidate: ({ addValidationRule }) => addValidationRule(countingRule),
  };
  const yoga = createYoga({ schema, plugins: [documents.plugin, counting, compiledExecution(log)], logging: false });
  const send = async (body: object) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await yoga.fetch('http://yoga/graphql', init);
    return { status: response.status, body: (await response.json()) as any };
  };
  return { send, counted, documents };
}

describe('a document of the manifest', () => {
  it('when it runs again and again by id, then it is parsed at start only, validated once, and compiled on its second run', async () => {
    const { send, counted } = service(true);
    compiles.mockClear();

    const answers = [];
    for (const name of ['a', 'b', 'c', 'd']) answers.push(await send({ documentId: sha256(HELLO), variables: { name } }));

    expect(answers.map((a) => a.body.data?.hello)).toEqual(['hola a', 'hola b', 'hola c', 'hola d']);
    expect(counted).toEqual({ parses: 0, validations: 1 });
    expect(compiles).toHaveBeenCalledTimes(1);
  });

  it('when it comes by APQ hash, then it is the same document: nothing parsed or validated again', async () => {
    const { send, counted } = service(true);
    await send({ documentId: `sha256:${sha256(HELLO)}`, variables: { name: 'a' } });
    const apq = await send({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256(HELLO) } }, variables: { name: 'b' } });

    expect(apq.body.data).toEqual({ hello: 'hola b' });
    expect(counted).toEqual({ parses: 0, validations: 1 });
  });

  it('when its text comes while texts are taken, then it runs as the same parsed document', async () => {
    const { send, counted } = service(false);
    const answer = await send({ query: HELLO, variables: { name: 'a' } });
    await send({ documentId: sha256(HELLO), variables: { name: 'b' } });

    expect(answer.body.data).toEqual({ hello: 'hola a' });
    expect(counted).toEqual({ parses: 0, validations: 1 });
  });

  it('when another text comes while texts are taken, then it is parsed and runs as always', async () => {
    const { send, counted } = service(false);
    const answer = await send({ query: '{ hello(name: "x") }' });

    expect(answer.body.data).toEqual({ hello: 'hola x' });
    expect(counted.parses).toBe(1);
  });

  it('when a path hands the parser a text without resolving it while only ids are taken, then it is refused all the same', () => {
    const { documents } = service(true);
    const parse = (documents.plugin as Required<Pick<Plugin, 'onParse'>>).onParse;
    const call = () => parse({ params: { source: '{ hello(name: "x") }' }, setParsedDocument: () => {} } as never);
    expect(call).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_ONLY' }) }));
  });
});

describe('the manifest', () => {
  it('when an id is not its text’s SHA-256, then the service refuses to start, naming it', () => {
    const path = manifestFile({ [`sha256:${'0'.repeat(64)}`]: HELLO });
    expect(() => readManifest(path)).toThrow(ConfigError);
    expect(() => readManifest(path)).toThrow(/0{64}/);
  });

  it('when it is not a JSON object of texts, then the service refuses to start', () => {
    expect(() => readManifest(manifestFile([HELLO]))).toThrow(ConfigError);
    expect(() => readManifest(manifestFile({ [sha256(HELLO)]: 1 }))).toThrow(ConfigError);
    expect(() => readManifest(join(tmpdir(), 'no-such-manifest.json'))).toThrow(ConfigError);
  });

  it('when a document does not parse, then the service refuses to start', () => {
    const broken = 'query {';
    expect(() => createTrustedDocuments({ manifest: readManifest(manifestFile({ [sha256(broken)]: broken })), only: true }, createLogger('silent'))).toThrow(
      ConfigError,
    );
  });

  it('takes ids with or without the client preset’s sha256: prefix', () => {
    const manifest = readManifest(manifestFile({ [`sha256:${sha256(HELLO)}`]: HELLO, [sha256('{ hello(name: "x") }')]: '{ hello(name: "x") }' }));
    expect([...manifest.keys()]).toEqual([sha256(HELLO), sha256('{ hello(name: "x") }')]);
  });
});
