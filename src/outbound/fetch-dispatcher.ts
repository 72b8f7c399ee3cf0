// Node's own fetch sends through the dispatcher under a global symbol, made when fetch is first
// called; loading the undici package first would put the package's Agent there instead, and
// every fetch in the process would go through undici 7, whose checks differ from Node 20's
// (it refuses a Content-Length header set by hand). A first call, to a data: URL (no network),
// makes Node's own dispatcher before the package loads (see undici.ts), and the package then
// leaves it in place.
fetch('data:,').catch(() => {});
