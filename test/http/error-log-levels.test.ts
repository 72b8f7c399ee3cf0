import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/platform/tokens/forbidden.js';
import { UnauthenticatedError } from '../../src/platform/tokens/verify-token.js';
import { InvalidInputError, OrderOutcomeUnknownError, PaymentProviderError, StoreUnavailableError } from '../../src/platform/errors.js';
import { answerFor, type ErrorLog } from '../../src/http/error-table.js';

/** A log that keeps what it is given, by level. */
function recordingLog() {
  const written: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => void written.push({ level, fields, msg });
  return { log: { debug: at('debug'), warn: at('warn'), error: at('error') } as unknown as ErrorLog, written };
}

describe('how each answer of the error table is logged', () => {
  it.each([
    ['a bad token', new UnauthenticatedError('token refused: signature verification failed'), { code: 'UNAUTHENTICATED', status: 401 }],
    ['a missing scope', new ForbiddenError('metrics:read'), { code: 'FORBIDDEN', status: 403 }],
    ['an invalid field', new InvalidInputError('phoneNumber', 'debe estar en formato E.164'), { code: 'INVALID_INPUT', status: 400, field: 'phoneNumber' }],
  ])('when a client sends %s, then it is logged once at debug, by code and status only', (_, error, fields) => {
    const { log, written } = recordingLog();

    answerFor(error, log);

    expect(written).toEqual([{ level: 'debug', fields, msg: 'request refused' }]);
  });

  it.each([
    ['is unreachable', new StoreUnavailableError('cannot reach PostgreSQL at 10.0.0.7:5432')],
    ['fails with an order in flight', new OrderOutcomeUnknownError('connection reset during commit')],
  ])('when the store %s, then it is logged once at warn', (_, error) => {
    const { log, written } = recordingLog();

    answerFor(error, log);

    expect(written).toEqual([{ level: 'warn', fields: { err: error }, msg: 'store unavailable' }]);
  });

  it('when the payment provider fails, then the answer adds nothing to the log: the payment metrics count each failed call', () => {
    const { log, written } = recordingLog();

    expect(answerFor(new PaymentProviderError(), log).status).toBe(502);
    expect(written).toEqual([]);
  });

  it('when the failure is none the service knows, then it is logged once at error, with the error itself, and answered INTERNAL', () => {
    const { log, written } = recordingLog();
    const error = new TypeError("Cannot read properties of undefined (reading 'id')");

    expect(answerFor(error, log).code).toBe('INTERNAL');
    expect(written).toEqual([{ level: 'error', fields: { err: error }, msg: 'unexpected error' }]);
  });
});
