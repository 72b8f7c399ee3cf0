import { hashedFiles, JS } from '../http/hashed-files.js';
import type { PlainRequest, PlainResponse } from '../http/plain.js';
import { WORKER_CSP } from '../http/security-headers.js';

export { acceptsGzip } from '../http/hashed-files.js';

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

/**
 * GraphiQL as @graphql-yoga/render-graphiql ships it (its bundle, stylesheet, icon and Monaco's
 * three workers, as strings, the same version as graphql-yoga), served as files of the service.
 * Loaded on demand: ~9 MB of files that a service without GraphiQL never holds.
 */
export async function loadGraphiqlAssets(): Promise<GraphiqlAssets> {
  const shipped = await import('@graphql-yoga/render-graphiql/graphiql');
  const { add, respond } = hashedFiles(GRAPHIQL_ASSETS_PATH);
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

  return { urls, respond };
}
