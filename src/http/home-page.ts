import type { PlainRequest, PlainResponse, PlainRoute } from './plain.js';
import { refuse } from './responses.js';
import { htmlSecurityHeaders, JSON_SECURITY_HEADERS, STATIC_PAGE_CSP } from './security-headers.js';

const NAME = 'Órdenes de asistencia en ruta';

export interface HomePageOptions {
  /** Whether GET /graphql opens GraphiQL in a browser (off in production unless GRAPHIQL=true). */
  graphiql: boolean;
  /** Whether GET /docs serves the REST reference (off in production unless API_DOCS=true). */
  docs?: boolean;
}

/** The q-value an Accept header gives `type`, from its most specific range that matches it. */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const item of accept.split(',')) {
    const [range = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    best = { specificity, q: q ? Number(q.slice(2)) || 0 : 1 };
  }
  return best.q;
}

/** Whether the client asks for JSON rather than a page: a browser, or curl's `*\/*`, gets the page. */
export const prefersJson = (accept: string | undefined): boolean =>
  !!accept && quality(accept, 'application/json') > quality(accept, 'text/html');

function html({ graphiql, docs }: HomePageOptions): string {
  const graphql = graphiql
    ? '<a href="/graphql">/graphql</a>: GraphQL; abierto en un navegador, GraphiQL.'
    : '<code>POST /graphql</code>: GraphQL.';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${NAME}</title>
<style>body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5 }</style>
</head>
<body>
<h1>${NAME}</h1>
<p>Crea órdenes de grúa, de partida con batería y de cambio de neumático.</p>
<ul>
<li>${graphql}</li>
<li><code>POST /applications/orders</code>: REST, descrita en <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1)${docs ? ', legible en <a href="/docs">/docs</a>' : ''}.</li>
<li><a href="/healthz">/healthz</a> y <a href="/readyz">/readyz</a>: el proceso atiende; la base de datos responde.</li>
</ul>
<p>La documentación completa está en el README.md del servicio.</p>
</body>
</html>
`;
}

/** `GET /`: where to go from here, as a short page or, when asked for, as JSON. */
export function createHomePage(options: HomePageOptions): PlainRoute {
  const page = html(options);
  const links = {
    name: NAME,
    graphql: '/graphql',
    graphiql: options.graphiql ? '/graphql' : null,
    rest: 'POST /applications/orders',
    openapi: '/openapi.json',
    docs: options.docs ? '/docs' : null,
    healthz: '/healthz',
    readyz: '/readyz',
    documentation: 'README.md del servicio',
  };
  return async function homePage(request: PlainRequest): Promise<PlainResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse('METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
    }
    if (prefersJson(request.header('accept'))) {
      const headers = Object.assign({ 'content-type': 'application/json; charset=utf-8', vary: 'accept' }, JSON_SECURITY_HEADERS);
      return { status: 200, headers, body: JSON.stringify(links) };
    }
    const headers = Object.assign({ 'content-type': 'text/html; charset=utf-8', vary: 'accept' }, htmlSecurityHeaders(STATIC_PAGE_CSP));
    return { status: 200, headers, body: page };
  };
}
