import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PlainRequest, PlainResponse } from '../http/plain.js';
import { refuse } from '../http/responses.js';
import { ASSET_SECURITY_HEADERS, WORKER_CSP } from '../http/security-headers.js';

/** Where the service serves GraphiQL's files; each file's name carries a hash of its content. */
export const GRAPHIQL_ASSETS_PATH = '/graphiql/';

/** The URLs the GraphiQL page names; Monaco asks for its workers by these labels. */
export interface GraphiqlAssetUrls {
  css: string;
  js: string;
  start: string;
  favicon: string;
  workers: { editorWorkerService: string; json: string; graphql: string };
}

export interface GraphiqlAssets {
  urls: GraphiqlAssetUrls;
  /** Answers a GET or HEAD of a path under GRAPHIQL_ASSETS_PATH. */
  respond(request: PlainRequest, path: string): Promise<PlainResponse>;
}

// Runs before GraphiQL's bundle (both scripts are deferred, so they run in order once the page is
// parsed): points Monaco at the workers the service serves, then renders GraphiQL with the options
// the page carries in its JSON data block. A file of its own, so that the page needs no inline script.
const START_SCRIPT = `'use strict';
(function () {
  var options = JSON.parse(document.getElementById('graphiql-options').textContent);
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) { return options.workers[label]; },
  };
  document.addEventListener('DOMContentLoaded', function () {
    YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options.graphiql);
  });
})();
`;

const JS = 'text/javascript; charset=utf-8';
// The names change with the content, so a browser may keep a file for as long as it likes.
const FOREVER = 'public, max-age=31536000, immutable';

interface Asset {
  body: Buffer;
  headers: Record<string, string>;
  gzipped?: Promise<Buffer>;
}

/**
 * GraphiQL as @graphql-yoga/render-graphiql ships it (its bundle, stylesheet, icon and Monaco's
 * three workers, as strings, the same version as graphql-yoga), served as files of the service.
 * Loaded on demand: ~9 MB of files that a service without GraphiQL never holds.
 */
export async function loadGraphiqlAssets(): Promise<GraphiqlAssets> {
  const shipped = await import('@graphql-yoga/render-graphiql/graphiql');
  const assets = new Map<string, Asset>();
  const add = (name: string, extension: string, type: string, content: string | Buffer, extra = {}): string => {
    const body = typeof content === 'string' ? Buffer.from(content) : content;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const path = `${GRAPHIQL_ASSETS_PATH}${name}.${hash}.${extension}`;
    const headers = { 'content-type': type, 'cache-control': FOREVER, etag: `"${hash}"`, ...extra };
    assets.set(path, { body, headers });
    return path;
  };
  const icon = Buffer.from(shipped.favicon.slice(shipped.favicon.indexOf(',') + 1), 'base64');
  const worker = { 'content-security-policy': WORKER_CSP };
  const urls: GraphiqlAssetUrls = {
    css: add('graphiql', 'css', 'text/css; charset=utf-8', shipped.css),
    js: add('graphiql', 'js', JS, shipped.js),
    start: add('start', 'js', JS, START_SCRIPT),
    favicon: add('favicon', 'ico', 'image/x-icon', icon),
    workers: {
      editorWorkerService: add('editor.worker', 'js', JS, shipped.editorWorkerService, worker),
      json: add('json.worker', 'js', JS, shipped.jsonWorker, worker),
      graphql: add('graphql.worker', 'js', JS, shipped.graphqlWorker, worker),
    },
  };

  async function respond(request: PlainRequest, path: string): Promise<PlainResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    }
    const asset = assets.get(path);
    if (!asset) return refuse('NOT_FOUND');
    const headers = Object.assign({ vary: 'accept-encoding' }, ASSET_SECURITY_HEADERS, asset.headers);
    if (request.header('if-none-match') === asset.headers.etag) return { status: 304, headers, body: '' };
    if (!acceptsGzip(request.header('accept-encoding'))) return { status: 200, headers, body: asset.body };
    // Compressed on first demand, off the event loop, and kept: these files are large and compress well.
    asset.gzipped ??= promisify(gzip)(asset.body);
    return { status: 200, headers: Object.assign(headers, { 'content-encoding': 'gzip' }), body: await asset.gzipped };
  }

  return { urls, respond };
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
