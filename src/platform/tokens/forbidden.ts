import { ServiceError } from '../errors.js';
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

/** The platform's scope: it steers any order (assigns, pauses, resumes, closes, cancels). */
export const ADMIN_SCOPE = 'orders:admin';

/** Whether the token acts as the platform rather than as a client. */
export const isPlatform = (caller: AuthenticatedCaller): boolean => caller.scopes.has(ADMIN_SCOPE);

/** The scope of the operators' app: the token acts as the roster operator of its `operator_id` claim. */
export const OPERATOR_SCOPE = 'operator';

/** The operator a token acts as; a token without the scope `operator` and its claim is refused. */
export function requireOperator(caller: AuthenticatedCaller): string {
  if (caller.operatorId === null) throw new ForbiddenError(OPERATOR_SCOPE);
  return caller.operatorId;
}
