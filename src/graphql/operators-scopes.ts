import type { AuthenticatedCaller } from '../auth/verify-token.js';
import { ERROR_TABLE } from '../error-table.js';
import { tableError } from './table-error.js';

export type OperatorScope = 'operators:read' | 'operators:write';

/** A token without the scope gets a top-level FORBIDDEN error and HTTP 403, before anything is read or written. */
export function requireScope(caller: AuthenticatedCaller, scope: OperatorScope): void {
  if (caller.scopes.has(scope)) return;
  throw tableError('FORBIDDEN', { message: `${ERROR_TABLE.FORBIDDEN.message}: ${scope}` });
}
