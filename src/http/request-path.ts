// The API's own paths, sent as they are written, are routed without parsing a URL.
const API_PATHS = new Set(['/applications/orders', '/applications/quotes', '/graphql']);

/** The path of a request's target, as the URL parser reads it (dot segments resolved, no query). */
export function pathOf(target: string): string {
  return API_PATHS.has(target) ? target : new URL(target, 'http://service').pathname;
}
