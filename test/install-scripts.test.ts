import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Every package installed under `modules`, nested ones included, as its folder. */
function installedPackages(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = join(modules, entry.name);
      const packages = entry.name.startsWith('@')
        ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(dir, e.name))
        : [dir];
      return packages.filter((p) => existsSync(join(p, 'package.json'))).flatMap((p) => [p, ...installedPackages(join(p, 'node_modules'))]);
    });
}

/** Whether npm would run a script of the package's own at install (node-gyp's rebuild counts). */
function runsAtInstall(dir: string): boolean {
  const scripts = manifestOf(dir).scripts ?? {};
  return INSTALL_SCRIPTS.some((name) => scripts[name]) || existsSync(join(dir, 'binding.gyp'));
}

describe('install scripts', () => {
  // npm 11 runs a dependency's install scripts only when package.json's allowScripts allows
  // them, and warns on every install of those it has no word on. Each is decided in package.json.
  it('every installed dependency with an install script is allowed or denied in package.json', () => {
    const decided = manifestOf(root).allowScripts ?? {};
    const withScripts = [...new Set(installedPackages(join(root, 'node_modules')).filter(runsAtInstall).map((dir) => manifestOf(dir).name!))];

    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in decided)).sort()).toEqual([]);
  });
});
