import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hashedFiles, JS } from '../http/hashed-files.js';
import type { PlainRequest, PlainResponse } from '../http/plain.js';

/** The REST reference's page. */
export const DOCS_PATH = '/docs';
/** Where the service serves the reference's files; each file's name carries a hash of its content. */
export const DOCS_ASSETS_PATH = '/docs/assets/';

const RENDERER = '@scalar/api-reference';

/** The URLs the reference's page names. */
export interface DocsAssetUrls {
  /** Scalar's API reference, the standalone browser build (its styles travel inside it). */
  renderer: string;
  /** Renders the reference with the options the page carries in its JSON data block. */
  start: string;
  /** The page's own styles: the bar of links above the reference. */
  css: string;
}

export interface DocsAssets {
  urls: DocsAssetUrls;
  /** Answers a GET or HEAD of a path under DOCS_ASSETS_PATH. */
  respond(request: PlainRequest, path: string): Promise<PlainResponse>;
}

/**
 * The standalone bundle's file, as the package names it (its package.json's `browser` field).
 * Found from the package's entry point, so that it is the copy Node would load, in development
 * (src/) as in the built service (dist/), whichever node_modules holds it.
 */
export function rendererFile(): string {
  const entry = createRequire(import.meta.url).resolve(RENDERER);
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, browser } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; browser?: unknown };
    if (name !== RENDERER) continue;
    if (typeof browser !== 'string') throw new Error(`${RENDERER} names no browser build in ${manifest}`);
    return join(dir, browser);
  }
  throw new Error(`no package.json of ${RENDERER} above ${entry}`);
}

// Runs before Scalar's bundle (both scripts are deferred, so they run in order once the page is
// parsed): tells the zod the bundle carries not to try compiling its parsers with Function(),
// which the policy refuses (zod's `jitless` setting, which every copy of zod reads from this
// global), then renders the reference with the options of the page's JSON data block. A file of
// its own, so that the page needs no inline script.
const START_SCRIPT = `'use strict';
(function () {
  var zod = (globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {});
  zod.jitless = true;
  var options = JSON.parse(document.getElementById('docs-options').textContent);
  document.addEventListener('DOMContentLoaded', function () {
    Scalar.createApiReference('#reference', options);
  });
})();
`;

// The bar above the reference: the way to GraphiQL and to the document itself.
const PAGE_CSS = `body { margin: 0 }
.docs-links { display: flex; gap: 1.25rem; align-items: baseline; flex-wrap: wrap; padding: .5rem 1rem;
  font: 14px/1.5 system-ui, sans-serif; background: #f6f7f9; border-bottom: 1px solid #dfe2e6 }
.docs-links strong { font-weight: 600 }
.docs-links a { color: #0b57d0 }
`;

/**
 * Scalar's API reference as @scalar/api-reference ships it for browsers (one script, ~5 MB,
 * its styles inside), the script that starts it and the page's styles, served as files of the
 * service: nothing is loaded from elsewhere. Read from `file` when first asked for.
 */
export async function loadDocsAssets(file = rendererFile()): Promise<DocsAssets> {
  // The bundle's last line names its source map, which is not shipped with the service: a
  // browser's developer tools would ask for it in vain.
  const renderer = (await readFile(file, 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  const { add, respond } = hashedFiles(DOCS_ASSETS_PATH);
  const urls: DocsAssetUrls = {
    renderer: add('scalar', 'js', JS, renderer),
    start: add('start', 'js', JS, START_SCRIPT),
    css: add('docs', 'css', 'text/css; charset=utf-8', PAGE_CSS),
  };

  return { urls, respond };
}
