import { ServiceError } from '../core/errors.js';
import type { AuthenticatedCaller } from './verify-token.js';

export class ForbiddenError extends ServiceError {
  readonly code = 'FORBIDDEN';

  constructor(readonly scope: string) {
    super(`the token lacks the scope ${scope}`);
  }
}

/** A caller without the scope is refused before anything is read or written. */
export function requireScope(caller: AuthenticatedCaller, scope: string): void {
  if (!caller.scopes.has(scope)) throw new ForbiddenError(scope);
}
