import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/service/config.js';
import { SECRET, startTestService, type TestService } from '../support/service.js';
import { markedFences, readText, ROOT, type Fence } from './markdown.js';

const run = promisify(execFile);

// Where the README's commands reach the service, as `npm start` listens with its defaults.
const README_ORIGIN = 'http://localhost:4000';

const readme = readText('README.md');
const examples = markedFences(readme, 'readme-example');
const answers = new Map(markedFences(readme, 'readme-answer').map(({ name, fence }) => [name, fence]));

/**
 * What a fresh `npm start` runs: every setting at its default, a new store seeded with the demo
 * operators, the sandbox payment provider. Two things differ, neither seen in an answer: the HS256
 * secret is the tests' rather than a random development one (the README's `npm run token` is
 * given it, as it would read the development secret), and the logs are off.
 */
const DEFAULTS = Object.fromEntries(
  Object.entries(SETTINGS)
    .filter(([name]) => name !== 'AUTH_JWT_SECRET' && name !== 'LOG_LEVEL')
    .map(([name, setting]) => [name, setting.default]),
);

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: DEFAULTS, listen: true });
});
afterAll(() => service?.close());

/** A shell block, run by bash from the repository's root, its URLs pointed at the listener. */
async function runShell(fence: Fence): Promise<string> {
  const script = fence.text.replaceAll(README_ORIGIN, service.base!);
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: ROOT,
    env: Object.assign({}, process.env, { AUTH_JWT_SECRET: SECRET }),
  });
  return stdout;
}

const operationsOf = (text: string) =>
  parse(text).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

/** A GraphQL block, sent as GraphiQL sends the operation it runs, with the development token's `sub`. */
async function runGraphql(fence: Fence): Promise<string> {
  const [operation] = operationsOf(fence.text);
  const { stdout: token } = await run('npm', ['run', '--silent', 'token'], { cwd: ROOT, env: Object.assign({}, process.env, { AUTH_JWT_SECRET: SECRET }) });
  const response = await fetch(`${service.base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json, multipart/mixed',
      authorization: `Bearer ${token.trim()}`,
    },
    body: JSON.stringify({ query: fence.text, operationName: operation?.name?.value }),
  });
  return response.text();
}

// What must differ from run to run, and only how: the payment link's reference is a random UUID,
// the timestamps are the clock's. Everything else, ids included (the examples run in the
// README's order on a fresh store, as a newcomer runs them), must be exactly as the README shows.
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const VARYING: Record<string, (value: string) => string | null> = {
  createdAt: (v) => (TIMESTAMP.test(v) ? '<timestamp>' : null),
  updatedAt: (v) => (TIMESTAMP.test(v) ? '<timestamp>' : null),
  paymentProviderReference: (v) => /^(.*\/sandbox\/payments\/)[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.exec(v)?.[1]?.concat('<reference>') ?? null,
};

/** The answer with each varying value that has the right form replaced by its placeholder. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, typeof v === 'string' && VARYING[key] ? (VARYING[key](v) ?? v) : masked(v)]),
  );
}

/** Every key path of a JSON value, in the order written: the README shows keys as the service orders them. */
const keyPaths = (value: unknown, at = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, v]) => [`${at}${key}`, ...keyPaths(v, `${at}${key}.`)])
    : [];

describe("the README's examples, run against the service as `npm start` starts it", () => {
  it('when the README is read, then it has a REST and a GraphQL example, each with its answer', () => {
    expect(examples.map(({ fence }) => fence.lang)).toEqual(expect.arrayContaining(['sh', 'graphql']));
    for (const { name } of examples) expect(answers.has(name), `the answer of the example "${name}"`).toBe(true);
  });

  it('when the GraphQL examples are pasted whole into GraphiQL, then each is one named operation it can run', () => {
    for (const { fence } of examples.filter((e) => e.fence.lang === 'graphql')) {
      const operations = operationsOf(fence.text);
      expect(operations).toHaveLength(1);
      expect(operations[0]!.name?.value).toMatch(/^[A-Z]\w+$/);
    }
  });

  // In the README's order, on one service: the second order is the second id.
  it.each(examples.map(({ name, fence }) => [name, fence] as const))(
    'when the example "%s" is run, then the service answers what the README shows',
    async (name, fence) => {
      const runner = { sh: runShell, graphql: runGraphql }[fence.lang];
      if (!runner) throw new Error(`no way to run a "${fence.lang}" example`);

      const answer = JSON.parse(await runner(fence));

      const shown = JSON.parse(answers.get(name)!.text);
      expect(masked(answer)).toEqual(masked(shown));
      expect(keyPaths(answer)).toEqual(keyPaths(shown));
    },
    60_000,
  );
});
