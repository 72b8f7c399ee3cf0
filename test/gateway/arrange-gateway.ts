import { startFakeLegacy, type FakeLegacyOptions } from '../support/fake-legacy.js';
import { startTestService, type TestServiceOptions } from '../support/service.js';

// Short enough for a test to wait past, long enough for a loaded machine to answer within.
export const TEST_TIMEOUT_MS = 600;

/** The service in gateway mode in front of a fake legacy service; `close` ends both. */
export async function startGateway(options: TestServiceOptions = {}, fakeOptions: FakeLegacyOptions = {}) {
  const fake = await startFakeLegacy(fakeOptions);
  const service = await startTestService(Object.assign({}, options, {
    env: Object.assign(
      { ORDERS_UPSTREAM_URL: fake.url, PAYMENT_REFERENCE_LEGACY_FIELD: fake.paymentField, ORDERS_UPSTREAM_TIMEOUT_MS: String(TEST_TIMEOUT_MS) },
      options.env,
    ),
  }));
  return {
    fake,
    service,
    /** The fake back to a legacy that answers orders, to any token, having seen nothing yet. */
    async reset() {
      await fake.settled();
      fake.setMode({ kind: 'ok' });
      fake.setAcceptToken(null);
      fake.requests.length = 0;
      fake.answered.length = 0;
    },
    async close() {
      await service.close();
      await fake.close();
    },
  };
}

/** The legacy's answer with `text` inserted before the brace that closes it. */
export const appended = (legacyBody: string, text: string) => {
  const end = legacyBody.lastIndexOf('}');
  return `${legacyBody.slice(0, end)}${text}${legacyBody.slice(end)}`;
};
