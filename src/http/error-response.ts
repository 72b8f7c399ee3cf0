import type { Logger } from 'pino';
import { UnauthenticatedError } from '../auth/verify-token.js';
import { DomainError, InvalidInputError } from '../core/errors.js';
import { ERROR_TABLE, RequestError } from '../error-table.js';
import { StoreUnavailableError } from '../core/errors.js';
import type { PlainResponse } from './plain.js';
import { errorResponse } from './responses.js';

/** Any failure as the REST answer the error table gives it; the unexpected are logged and masked. */
export function toErrorResponse(error: unknown, log: Logger): PlainResponse {
  if (error instanceof InvalidInputError) return errorResponse(error.code, error.message, { field: error.field });
  if (error instanceof DomainError || error instanceof RequestError) return errorResponse(error.code, error.message);
  if (error instanceof UnauthenticatedError) return errorResponse(error.code, error.message);
  if (error instanceof StoreUnavailableError) {
    // Its own message names the server, for the log; the client gets the table's.
    log.warn({ err: error }, 'store unavailable');
    return errorResponse(error.code, ERROR_TABLE[error.code].message);
  }
  log.error({ err: error }, 'unexpected error');
  return errorResponse('INTERNAL', ERROR_TABLE.INTERNAL.message);
}
