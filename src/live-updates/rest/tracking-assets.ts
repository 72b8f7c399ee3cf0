import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fromRoot } from '../../platform/paths.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { refuse } from '../../http/responses.js';
import { ASSET_SECURITY_HEADERS } from '../../http/security-headers.js';
import type { TrackingAssetUrls } from './tracking-page.js';

/** Where the tracking page's files are served; each name carries a hash of its content. */
export const TRACKING_ASSETS_PATH = '/track/assets/';

// The names change with the content: a browser may keep a file for as long as it likes.
const FOREVER = 'public, max-age=31536000, immutable';

export interface TrackingAssets {
  urls: TrackingAssetUrls;
  /** Answers a GET or HEAD of a path under TRACKING_ASSETS_PATH. */
  respond(request: PlainRequest, path: string): Promise<PlainResponse>;
}

/** The tracking page's script and stylesheet, from public/track/. */
export async function loadTrackingAssets(): Promise<TrackingAssets> {
  const files = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  const add = async (name: string, extension: string, type: string): Promise<string> => {
    const body = await readFile(fromRoot('public', 'track', `${name}.${extension}`));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const path = `${TRACKING_ASSETS_PATH}${name}.${hash}.${extension}`;
    files.set(path, { body, headers: { ...ASSET_SECURITY_HEADERS, 'content-type': type, 'cache-control': FOREVER, etag: `"${hash}"` } });
    return path;
  };
  const urls = {
    js: await add('track', 'js', 'text/javascript; charset=utf-8'),
    css: await add('track', 'css', 'text/css; charset=utf-8'),
  };

  async function respond(request: PlainRequest, path: string): Promise<PlainResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    const file = files.get(path);
    if (!file) return refuse('NOT_FOUND');
    if (request.header('if-none-match') === file.headers.etag) return { status: 304, headers: { ...file.headers }, body: '' };
    return { status: 200, headers: { ...file.headers }, body: file.body };
  }

  return { urls, respond };
}
