import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PlainRequest, PlainResponse } from './plain.js';
import { refuse } from './responses.js';
import { ASSET_SECURITY_HEADERS } from './security-headers.js';

export const JS = 'text/javascript; charset=utf-8';
// The names change with the content, so a browser may keep a file for as long as it likes.
const FOREVER = 'public, max-age=31536000, immutable';

interface HashedFile {
  body: Buffer;
  headers: Record<string, string>;
  gzipped?: Promise<Buffer>;
}

/**
 * Files a page loads, served by the service under `prefix`, each name carrying a hash of its
 * content so that a browser keeps it for good: `add` names one and gives its path; `respond`
 * answers a GET or HEAD of such a path (304 to its etag, gzip when asked for).
 */
export function hashedFiles(prefix: string) {
  const files = new Map<string, HashedFile>();

  function add(name: string, extension: string, type: string, content: string | Buffer, extra: Record<string, string> = {}): string {
    const body = typeof content === 'string' ? Buffer.from(content) : content;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const path = `${prefix}${name}.${hash}.${extension}`;
    files.set(path, { body, headers: Object.assign({ 'content-type': type, 'cache-control': FOREVER, etag: `"${hash}"` }, extra) });
    return path;
  }

  async function respond(request: PlainRequest, path: string): Promise<PlainResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    }
    const file = files.get(path);
    if (!file) return refuse('NOT_FOUND');
    const headers = Object.assign({ vary: 'accept-encoding' }, ASSET_SECURITY_HEADERS, file.headers);
    if (request.header('if-none-match') === file.headers.etag) return { status: 304, headers, body: '' };
    if (!acceptsGzip(request.header('accept-encoding'))) return { status: 200, headers, body: file.body };
    // Compressed on first demand, off the event loop, and kept: these files are large and compress well.
    file.gzipped ??= promisify(gzip)(file.body);
    return { status: 200, headers: Object.assign(headers, { 'content-encoding': 'gzip' }), body: await file.gzipped };
  }

  return { add, respond };
}

/** Whether an Accept-Encoding value allows gzip (named, or by `*`, with a q above zero). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  for (const item of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}
