/**
 * The database could not be reached, or lost the connection, or did not answer in time: not a
 * fault of the request, which may succeed once the database is back. The message is for the
 * operators (logs, the start-up error); clients get the error table's message.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'STORE_UNAVAILABLE';
}
