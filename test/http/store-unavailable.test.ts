import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { answerError } from '../../src/http/responses.js';
import { createLogger } from '../../src/platform/logger.js';
import { StoreUnavailableError } from '../../src/platform/errors.js';

describe('an unavailable store at the REST edge', () => {
  it('is answered 503 STORE_UNAVAILABLE with the Spanish message, never the server it could not reach', async () => {
    const error = new StoreUnavailableError('cannot reach PostgreSQL at 10.0.0.7:5432: connection refused');
    const response = answerError(error, createLogger('silent'));
    const body = JSON.parse(response.body);

    expect(response.status).toBe(503);
    expect(body).toEqual({ code: 'STORE_UNAVAILABLE', message: ERROR_TABLE.STORE_UNAVAILABLE.message });
    expect(JSON.stringify(body)).not.toContain('10.0.0.7');
  });
});
