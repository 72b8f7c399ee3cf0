// The security headers of the service's answers, lower-case like every PlainResponse header. The
// set follows helmet's defaults and the OWASP REST Security Cheat Sheet ("Security Headers"), kept
// to what a page or an API of this service can use. Strict-Transport-Security is left to whatever
// terminates TLS in front of the service: the service itself speaks plain HTTP and cannot know
// whether every subdomain of its host is served over HTTPS.

/** A Content-Security-Policy from its directives, in the order given. */
export const csp = (directives: Record<string, string>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

// What every policy here forbids: <base> rewriting links, forms posting elsewhere, being framed.
const LOCKED = { 'base-uri': "'none'", 'form-action': "'none'", 'frame-ancestors': "'none'" };

/**
 * GraphiQL: its code, its editor's workers and its styles come from the service's own files, so
 * no script runs that the service did not send as a file: no inline script (neither hash nor
 * nonce is needed: the page's per-request options travel in a JSON data block, which is never
 * executed), no eval, no blob: workers. Styles allow 'unsafe-inline' because Monaco (the editor)
 * and react-remove-scroll write <style> elements at run time and Monaco has no nonce hook; inline
 * style cannot run code. Fonts and icons are data: URLs inside the stylesheet. connect-src 'self'
 * lets it reach /graphql and nothing else.
 */
export const GRAPHIQL_CSP = csp({
  'default-src': "'none'",
  'script-src': "'self'",
  'worker-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  ...LOCKED,
});

/**
 * The REST reference (/docs, Scalar): its code and the page's stylesheet are the service's own
 * files, and no inline script runs (its options travel in a JSON data block, never executed), no
 * eval, no worker. Styles allow 'unsafe-inline', as GraphiQL's do: Scalar writes <style>
 * elements and style attributes at run time, not all of them with the nonce it offers; inline
 * style cannot run code. No font is loaded (Scalar's own fonts are turned off: system fonts).
 * connect-src 'self': the OpenAPI document, and the test client's requests to the service.
 */
export const DOCS_CSP = csp({
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  ...LOCKED,
});

/** The editor's workers, under the policy their own script answer carries: they only talk to the page. */
export const WORKER_CSP = csp({ 'default-src': "'none'", ...LOCKED });

/** A page without script (the home page, the sandbox payment page): its inline styles, and no more. */
export const STATIC_PAGE_CSP = csp({ 'default-src': "'none'", 'style-src': "'unsafe-inline'", 'img-src': 'data:', ...LOCKED });

/** The headers of an HTML page under `policy`. */
export function htmlSecurityHeaders(policy: string): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // For browsers older than frame-ancestors.
    'x-frame-options': 'DENY',
    // No window opened from elsewhere keeps a handle on these pages, nor they on one they open.
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The headers of a static file of a page (script, style, icon). */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // Another site may not load these files with <script> or <img>.
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Advised on JSON answers (OWASP REST Security Cheat Sheet): a browser that opens one never runs
 * or frames anything in it, nor guesses another type. Not cached: orders carry personal data.
 */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': csp({ 'default-src': "'none'", 'frame-ancestors': "'none'" }),
  'cache-control': 'no-store',
};
