/**
 * When the embedded store acknowledges a write:
 * - `durable`: once its commit's WAL is on the disk, as PostgreSQL does by default; the
 *   acknowledged write survives the machine losing power.
 * - `relaxed`: once its commit is in the files, before the operating system has written them
 *   out; it survives the process being killed, not the machine. For development.
 * Without a data directory (a store in memory) nothing reaches a disk either way.
 * See docs/design/checkpoints-and-durability.md.
 */
export const EMBEDDED_DURABILITIES = ['durable', 'relaxed'] as const;

export type EmbeddedDurability = (typeof EMBEDDED_DURABILITIES)[number];
