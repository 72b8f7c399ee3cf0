import { createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../src/platform/tokens/verify-token.js';
import { operationTracing } from '../../src/graphql/tracing.js';
import { yogaOptions, type GraphqlPosture } from '../../src/graphql/yoga.js';
import { createLogger } from '../../src/platform/logger.js';
import { schema } from '../../src/service/schema.js';
import { SECRET } from '../support/service.js';

// The hooks yoga runs around an operation, which the fast POST path does not run (fast-post.ts).
const REQUEST_HOOKS = ['onRequest', 'onRequestParse', 'onParams', 'onResultProcess', 'onResponse'] as const;

const optionsFor = (posture: GraphqlPosture, tracing?: Plugin) =>
  yogaOptions({
    authenticate: createTokenVerifier({ secret: SECRET }),
    schema,
    services: {} as never,
    log: createLogger('silent'),
    maxBodyBytes: 16_384,
    posture,
    tracing,
  });

/** How many of yoga's plugins, once every plugin has added its own, have each request hook. */
function requestHooks(plugins: readonly unknown[] | undefined, posture: GraphqlPosture) {
  const yoga = createYoga(Object.assign(optionsFor(posture), { plugins: plugins as Plugin[] }));
  // yoga keeps the final list, with what each plugin added, where it reads its hooks from.
  const all = (yoga as unknown as { plugins: Record<string, unknown>[] }).plugins.filter(Boolean);
  return Object.fromEntries(REQUEST_HOOKS.map((hook) => [hook, all.filter((p) => typeof p[hook] === 'function').length]));
}

describe('the plugins the fast POST path relies on', () => {
  it.each<[string, GraphqlPosture]>([
    ['development', { introspection: true, graphiql: true, suggestions: true }],
    ['production', { introspection: false, graphiql: false, suggestions: false }],
  ])('in %s, the service’s plugins add no request hook to yoga’s own', (_, posture) => {
    // A plugin registered with such a hook needs its case in src/graphql/fast-post.ts, or those
    // requests handed to yoga: until then, it would miss every usual GraphQL POST.
    expect(requestHooks(optionsFor(posture).plugins, posture)).toEqual(requestHooks([], posture));
  });

  it('with tracing on, its operation plugin adds no request hook either', async () => {
    const posture = { introspection: false, graphiql: false, suggestions: false };
    expect(requestHooks(optionsFor(posture, await operationTracing()).plugins, posture)).toEqual(requestHooks([], posture));
  });

  it('a plugin with a request hook is seen, so the check above can fail', () => {
    const posture = { introspection: true, graphiql: true, suggestions: true };
    const seen: Plugin = { onResponse: () => {} };
    expect(requestHooks([seen], posture).onResponse).toBe(requestHooks([], posture).onResponse! + 1);
  });
});
