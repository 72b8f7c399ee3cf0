import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')) as T;

interface Lockfile {
  /** Each installed package by its folder (`node_modules/a/node_modules/@b/c`), npm's own record. */
  packages: Record<string, { hasInstallScript?: boolean }>;
}

/** A package's name, from its folder in the lockfile. */
const nameOf = (folder: string): string => folder.slice(folder.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  // npm 11 runs a dependency's install scripts only when package.json's allowScripts allows
  // them, and warns on every install of those it has no word on. Each is decided in package.json.
  it('every dependency the lockfile records with an install script is allowed or denied in package.json', () => {
    const decided = read<{ allowScripts?: Record<string, boolean> }>('package.json').allowScripts ?? {};
    const { packages } = read<Lockfile>('package-lock.json');
    const withScripts = [...new Set(Object.keys(packages).filter((folder) => folder && packages[folder]!.hasInstallScript).map(nameOf))];

    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in decided)).sort()).toEqual([]);
  });
});

describe('one copy', () => {
  // Packages whose objects pass between the service's code and its dependencies': a second copy
  // of graphql makes schemas and errors from "another realm" that graphql-js refuses or does not
  // recognise; a second trace SDK loads twice and hands the Node SDK samplers and processors of
  // another version. A dependency that pins another version (the Node SDK pins the trace SDK's)
  // would bring a second copy in silently on an update.
  it.each(['graphql', '@opentelemetry/sdk-trace', '@opentelemetry/sdk-node', 'graphql-yoga', '@pothos/core'])(
    'the lockfile installs %s once',
    (name) => {
      const { packages } = read<Lockfile>('package-lock.json');
      const copies = Object.keys(packages).filter((folder) => folder && nameOf(folder) === name);
      expect(copies).toEqual([`node_modules/${name}`]);
    },
  );

  // Installed once is not yet loaded once: the test runner resolves the service's imports itself,
  // and the dependencies it leaves to Node (yoga, Pothos) get graphql from Node. See
  // vitest.config.ts.
  it('the tests load the graphql that Node gives the dependencies', () => {
    const fromNode = createRequire(import.meta.url)('graphql') as typeof import('graphql');
    expect(fromNode.GraphQLError).toBe(GraphQLError);
  });
});
