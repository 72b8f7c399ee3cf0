import { EMBEDDED_DURABILITIES, type EmbeddedDurability } from '../../embedded-durability.js';
import { openPglite } from './pglite.js';

// Makes a new embedded data directory (initdb) and exits: run as a process of its own, so that
// the memory initdb leaves behind goes back to the system with it (see thread.ts).
const [dataDir, durability = 'durable'] = process.argv.slice(2) as [string?, EmbeddedDurability?];
if (!dataDir || !EMBEDDED_DURABILITIES.includes(durability)) throw new Error('usage: init DATA_DIR [durable|relaxed]');
await (await openPglite(dataDir, undefined, { durability })).close();
