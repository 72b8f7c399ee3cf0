import { afterEach } from 'vitest';
import { parseOrderRequest } from '../../../src/orders/domain/order-request.js';
import { createLegacyClient, type LegacyClient, type LegacyClientOptions } from '../../../src/gateway/legacy/legacy-client.js';
import { startFakeLegacy, type FakeLegacy, type FakeLegacyOptions } from '../../support/fake-legacy.js';

// Plaza de Armas, Santiago, to about 9 km south-east: a towing request that passed native rules.
export const towing = parseOrderRequest({
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd', clientName: 'Ana',
});

export const CALLER = 'Bearer caller-token';

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((thing) => thing.close()));
});

/** A fake legacy and a client to it, both closed after the test. */
export async function arrange(
  client: Partial<LegacyClientOptions> = {},
  fakeOptions: FakeLegacyOptions = {},
): Promise<{ fake: FakeLegacy; client: LegacyClient }> {
  const fake = await startFakeLegacy(fakeOptions);
  const legacy = createLegacyClient({
    baseUrl: fake.url, token: null, timeoutMs: 5_000, paymentField: fake.paymentField, ...client,
  });
  opened.push(legacy, fake);
  return { fake, client: legacy };
}

export function track<T extends { close(): Promise<unknown> }>(thing: T): T {
  opened.push(thing);
  return thing;
}
