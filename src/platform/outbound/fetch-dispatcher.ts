// Node's own fetch sends through the dispatcher under this global symbol, made when fetch is
// first called. Loading the undici package first would put the package's Agent there instead,
// and every fetch in the process (jose's JWKS requests among them) would go through a client a
// major version apart from Node's, with checks and defaults of its own (HTTP/2 with any TLS
// server that offers it). A first call, to a data: URL (no network), makes Node's dispatcher
// before the package loads (see undici.ts). Node 24's is also under the package's own symbol,
// and the package then leaves it in place; Node 22's is not, and the package replaces it, so it
// is put back once the package has loaded.
const NODE_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

fetch('data:,').catch(() => {});
const nodeDispatcher: unknown = Reflect.get(globalThis, NODE_DISPATCHER);

/** Gives Node's fetch back the dispatcher it made, should loading the package have replaced it. */
export function keepNodeDispatcher(): void {
  if (Reflect.get(globalThis, NODE_DISPATCHER) !== nodeDispatcher) Reflect.set(globalThis, NODE_DISPATCHER, nodeDispatcher);
}
