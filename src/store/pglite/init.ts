import { openPglite } from './pglite.js';

// Makes a new embedded data directory (initdb) and exits: run as a process of its own, so that
// the memory initdb leaves behind goes back to the system with it (see thread.ts).
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: init DATA_DIR');
await (await openPglite(dataDir)).close();
