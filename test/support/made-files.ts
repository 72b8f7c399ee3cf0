import { makePgliteFiles } from '../../src/platform/pglite/thread.js';

/**
 * vitest's global setup: the files made from the installed PGlite that an embedded store run from
 * source needs (the engine's module, a new data directory's tarball), made once before the tests
 * rather than by each test file that opens the first store, all at once, on a fresh clone.
 */
export default makePgliteFiles;
