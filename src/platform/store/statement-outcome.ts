import { StoreUnavailableError } from '../errors.js';

/**
 * The connection failed after a statement was sent: it may have been applied, or not. `session`
 * names the server session that ran it, for `Sql.settle`.
 */
export class StatementOutcomeUnknownError extends StoreUnavailableError {
  override readonly name = 'StatementOutcomeUnknownError';

  constructor(
    message: string,
    readonly session?: { id: number; since: Date },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
