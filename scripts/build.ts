import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { fromRoot } from '../src/platform/paths.js';

/**
 * The server built for `npm start`: its modules and their dependencies bundled into a few files,
 * with the embedded engine's thread and its data-directory maker as scripts of their own (see
 * src/platform/pglite/thread.ts). Loading the server from its many files, resolving and compiling
 * them one by one, was most of each start on Node 20, and still costs more than the bundle on
 * Node 24 with its compile cache (see docs/design/start-up.md).
 */
rmSync(fromRoot('dist'), { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: fromRoot(),
  entryPoints: {
    main: 'src/main.ts',
    'pglite/worker': 'src/platform/pglite/worker.ts',
    'pglite/init': 'src/platform/pglite/init.ts',
  },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.19',
  // A package's ES module build where it has one, as node itself loads it: a CommonJS build,
  // bundled, reads every export through a getter, on every access.
  mainFields: ['module', 'main'],
  sourcemap: true,
  // PGlite finds its WebAssembly and data files beside its own modules; pg may load a native
  // binding. Both stay in node_modules, and binaryen, which only the build runs (below).
  external: ['@electric-sql/pglite', 'pg', 'binaryen'],
  // Dependencies written as CommonJS call require(), which an ES module has not got.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});
// A second graphql would still answer (an operation graphql-jit cannot compile is interpreted),
// only slower and with a warning in the log: the build refuses it instead.
const commonJsGraphql = Object.keys(metafile.inputs).filter((path) => /node_modules\/graphql\/.*\.js$/.test(path));
if (commonJsGraphql.length > 0) throw new Error(`graphql's CommonJS modules were bundled beside its ES modules: ${commonJsGraphql.join(', ')}`);

// A new data directory is unpacked from the tarball of initdb's output, made here, once, rather
// than by initdb at the start of each new store (see src/platform/pglite/new-store.ts).
// And PGlite's engine is rewritten with its largest functions first (src/platform/pglite/engine-module.ts).
const init = (mode: string, file: string) => execFileSync(process.execPath, [fromRoot('dist', 'pglite', 'init.js'), mode, fromRoot('dist', 'pglite', file)], { stdio: 'inherit' });
init('tarball', 'new-store.tar.gz');
init('engine', 'engine.wasm');
