import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../../src/http/error-table.js';
import { createOpenApiDocument } from '../../../src/reference/openapi.js';

// What both faces answer is held by test/api/parity.test.ts; here, that the OpenAPI document lists
// each code REST's cancel can answer at the table's status.
const REST_CANCEL = ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'UNAVAILABLE_IN_GATEWAY_MODE'] as const;

const document = createOpenApiDocument();
const cancelResponses = document.paths['/applications/orders/{id}/cancel'].post.responses as Record<string, any>;

describe("the cancel's codes in the OpenAPI document", () => {
  it.each(REST_CANCEL)('%s: documented at the table\'s status', (code) => {
    const name = cancelResponses[ERROR_TABLE[code].status].content['application/json'].schema.$ref.split('/').pop();
    const { code: allowed } = (document.components.schemas as any)[name].properties;
    expect(allowed.enum ?? [allowed.const]).toContain(code);
  });
});
