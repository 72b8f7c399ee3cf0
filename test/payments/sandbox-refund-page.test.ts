import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPayments } from '../../src/payments/providers/sandbox.js';
import { createSandboxLinkStore } from '../../src/payments/store/sandbox-link-store.js';
import { startFrontedService, type FrontedService } from '../support/fronted-service.js';
import { restBody } from '../support/service.js';

let service: FrontedService;
beforeAll(async () => {
  service = await startFrontedService();
});
afterAll(() => service.close());

const pageOf = async (url: string) => {
  const html = await (await fetch(url)).text();
  return { html, state: /data-state="(\w+)"/.exec(html)?.[1], refund: /<p id="refund"[^>]*>(.*?)<\/p>/.exec(html)?.[1] };
};

/** A sandbox order whose payer paid on its page. */
async function paidOrder() {
  const { body } = await service.rest(restBody());
  const page = (body as { paymentProviderReference: string }).paymentProviderReference;
  expect((await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return { page, reference: decodeURIComponent(new URL(page).pathname.split('/').at(-1)!) };
}

describe("the sandbox page of a refunded payment", () => {
  // The service's own provider over the same store, as the order's refund timer calls it.
  const sandbox = () => createSandboxPayments({ publicUrl: service.publicUrl, links: createSandboxLinkStore(service.sql) });

  it('when part of the payment is refunded, then the page says paid and refunded, and how much came back', async () => {
    const { page, reference } = await paidOrder();

    await sandbox().refundPayment({ reference, providerPaymentId: null, amount: 30_000, currency: 'CLP', idempotencyKey: `refund-${reference}` });
    const shown = await pageOf(page);

    expect(shown.state).toBe('refunded');
    expect(shown.html).toContain('Pagado y reembolsado');
    expect(shown.refund).toMatch(/^Reembolsado: <strong>\$30\.000<\/strong>/);
    expect(shown.html).not.toContain('id="pay"');
  });

  it('when nothing was refunded, then the page shows no refund', async () => {
    const { page } = await paidOrder();

    expect(await pageOf(page)).toMatchObject({ state: 'paid', refund: undefined });
  });
});
