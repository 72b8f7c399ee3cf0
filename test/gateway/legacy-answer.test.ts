import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/orders/domain/order.js';
import { toLegacyAnswer } from '../../src/orders/order-view.js';

const order = { paymentUrl: 'https://pay.example/p/1', currency: 'CLP' } as Order;

describe("gateway mode's REST answer", () => {
  it('when the legacy wrote its answer with spaces and new lines, then they are kept and the keys go before the closing brace', () => {
    const written = '{\n  "id": 1,\n  "flowReference": "https://pay.example/p/1",\n  "totalAmount": 38496.0\n}\n';

    const answer = toLegacyAnswer(order, written);

    expect(answer).toBe(
      '{\n  "id": 1,\n  "flowReference": "https://pay.example/p/1",\n  "totalAmount": 38496.0\n' +
        ',"paymentProviderReference":"https://pay.example/p/1","currency":"CLP"}\n',
    );
    expect(JSON.parse(answer)).toMatchObject({ totalAmount: 38496, paymentProviderReference: order.paymentUrl, currency: 'CLP' });
  });

  it('when the legacy already writes a key of the contract, then it is left as the legacy wrote it and not repeated', () => {
    const written = '{"id":1,"currency":"CLP","nested":{"paymentProviderReference":"x"}}';

    expect(toLegacyAnswer(order, written)).toBe('{"id":1,"currency":"CLP","nested":{"paymentProviderReference":"x"},"paymentProviderReference":"https://pay.example/p/1"}');
  });

  it('when the legacy writes both keys, then its answer goes out untouched', () => {
    const written = '{"id":1,"paymentProviderReference":"https://legacy.example/p","currency":"CLP"}';

    expect(toLegacyAnswer(order, written)).toBe(written);
  });
});
