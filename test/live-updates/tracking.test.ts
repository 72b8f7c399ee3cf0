import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontedService } from '../support/fronted-service.js';
import { restBody } from '../support/service.js';
import { readStream } from './event-source.js';
import { newOrder, offeredOperator, pay, startLiveService } from './support.js';

let service: FrontedService;
beforeAll(async () => {
  service = await startLiveService({ env: { SUBSCRIPTION_KEEP_ALIVE_MS: '1000' } });
});
afterAll(() => service?.close());

const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="track-data">(.*?)<\/script>/s.exec(html)![1]!);
const page = async (reference: string) => {
  const answer = await fetch(`${service.publicUrl}/track/${encodeURIComponent(reference)}`);
  return { status: answer.status, headers: answer.headers, html: await answer.text() };
};
// Straight to the listener: the public front hands on whole answers only, never a stream.
const stream = (reference: string) => fetch(`${service.base}/track/${encodeURIComponent(reference)}/events`);

/** An order with a client name, the personal data the page must not show. */
async function namedOrder() {
  const { body } = await service.rest(restBody({ clientName: 'María Pérez' }));
  const link = body.paymentProviderReference as string;
  return { id: body.id as number, link, reference: decodeURIComponent(link.slice(link.lastIndexOf('/') + 1)) };
}

describe('the tracking page', () => {
  it('when it is opened with a payment reference, then it shows the order under a policy with no inline script, and nothing personal', async () => {
    const order = await namedOrder();

    const { status, headers, html } = await page(order.reference);

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('content-security-policy')).not.toContain('unsafe');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('data-state="pending_payment"');
    expect(dataOf(html).tracking).toMatchObject({ orderId: order.id, plate: 'AB•••CD', status: 'pending', pendingStatus: 'pending_payment', operator: null });
    expect(html).not.toMatch(/AB12CD|\+56912345678|María|Pérez/);
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))/);
  });

  it('when an operator is on the order, then it shows its first name, how far it is and its position, and not its phone or surname', async () => {
    const order = await namedOrder();
    await pay(order);
    const operator = await offeredOperator(service, order.id);
    await service.lifecycle.operations.acceptOffer(operator, String(order.id));
    const { rows } = await service.sql.query<{ name: string; phone: string }>('select name, phone from operators where id = $1', [operator]);
    const { name, phone } = rows[0]!;

    const { html } = await page(order.reference);
    const { tracking } = dataOf(html);

    expect(tracking.operator.firstName).toBe(name.split(' ')[1]);
    expect(tracking.operator.position).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(tracking.approach).toEqual({ distanceMetres: expect.any(Number), durationSeconds: expect.any(Number) });
    expect(tracking.history.map((c: { type: string }) => c.type)).toEqual(expect.arrayContaining(['paid', 'assigned']));
    expect(html).not.toContain(phone);
    expect(html).not.toContain(name.split(' ').at(-1));
  });

  it('when the service is finished, then it shows where it ended, and not where the operator goes next', async () => {
    const order = await namedOrder();
    await pay(order);
    const operator = await offeredOperator(service, order.id);
    const { operations } = service.lifecycle;
    await operations.acceptOffer(operator, String(order.id));
    for (const to of ['partner_going_to_origin', 'partner_in_origin', 'partner_going_to_destination', 'finished'] as const) {
      await operations.advance(operator, String(order.id), to);
    }
    const { rows } = await service.sql.query<{ latitude: number; longitude: number }>('select latitude, longitude from operators where id = $1', [operator]);

    const ended = dataOf((await page(order.reference)).html).tracking;
    await service.sql.query('update operators set latitude = latitude + 0.1, longitude = longitude + 0.1 where id = $1', [operator]);
    const later = dataOf((await page(order.reference)).html).tracking;

    expect(ended.status).toBe('finished');
    expect(ended.operator.position).toEqual(rows[0]);
    expect(later.operator.position).toEqual(rows[0]);
  });

  it('when the order is cancelled after an operator took it, then it names the operator but shows no position', async () => {
    const order = await namedOrder();
    await pay(order);
    const operator = await offeredOperator(service, order.id);
    await service.lifecycle.operations.acceptOffer(operator, String(order.id));

    const cancelled = await service.call(`/applications/orders/${order.id}/cancel`, { method: 'POST' });
    const { tracking } = dataOf((await page(order.reference)).html);

    expect(cancelled.status).toBe(200);
    expect(tracking.status).toBe('cancelled');
    expect(tracking.operator).toEqual({ firstName: expect.any(String), position: null });
  });

  it('when the reference is unknown or malformed, then the answer is a 404 page', async () => {
    const unknown = await page('6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5');
    const malformed = await page('%E0%A4%A');
    const events = await stream('6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5');

    expect([unknown.status, malformed.status, events.status]).toEqual([404, 404, 404]);
    expect(unknown.html).toContain('data-state="not_found"');
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('when its files are asked for, then they come from the service, named by their content', async () => {
    const order = await newOrder(service);
    const { html } = await page(order.reference);
    const [script, style] = [/<script defer src="([^"]+)"/.exec(html)![1]!, /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!];

    const answers = await Promise.all([script, style].map((path) => fetch(`${service.publicUrl}${path}`)));

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.headers.get('content-type')).toContain('javascript');
    expect(answers[1]!.headers.get('cache-control')).toContain('immutable');
  });

  it('when the order is paid on the sandbox page, then that page links to the tracking page', async () => {
    const order = await newOrder(service);
    await pay(order);

    const sandbox = await (await fetch(order.link)).text();

    expect(sandbox).toContain(`href="/track/${order.reference}"`);
  });
});

describe('the tracking stream', () => {
  it('when it is opened, then the order as it is comes first, then the order again after each change', async () => {
    const order = await newOrder(service);
    const events = readStream(await stream(order.reference));
    await expect.poll(() => events.events().map((t) => t.pendingStatus)).toEqual(['pending_payment']);

    await pay(order);

    await expect.poll(() => events.events().map((t) => t.pendingStatus)).toEqual(['pending_payment', 'pending_partner']);
    expect(events.events()[1].history.map((c: { type: string }) => c.type)).toContain('paid');
    expect(JSON.stringify(events.items)).not.toMatch(/AB12CD|\+56912345678/);
    await events.close();
  });

  it('when nothing happens, then the stream still says it is alive', async () => {
    const order = await newOrder(service);
    const events = readStream(await stream(order.reference));
    await expect.poll(() => events.events()).toHaveLength(1);
    const before = events.comments();

    await expect.poll(() => events.comments(), { timeout: 10_000 }).toBeGreaterThan(before);
    await events.close();
  });

  it('when the service shuts down, then the stream ends', async () => {
    const closing = await startLiveService();
    try {
      const order = await newOrder(closing);
      const events = readStream(await fetch(`${closing.base}/track/${order.reference}/events`));
      await expect.poll(() => events.events()).toHaveLength(1);

      await closing.app.endStreams();

      await expect.poll(() => events.ended).toBe(true);
    } finally {
      await closing.close();
    }
  });
});

describe('the tracking stream’s limit', () => {
  it('when an address opens more streams than its allowance, then it is refused 429 RATE_LIMITED', async () => {
    const limited = await startLiveService({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const order = await newOrder(limited);
      const open = () => fetch(`${limited.base}/track/${order.reference}/events`);
      const answers = [await open(), await open(), await open()];

      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect((await answers[2]!.json()).code).toBe('RATE_LIMITED');
      expect(answers[2]!.headers.get('retry-after')).toMatch(/^\d+$/);
      await Promise.all(answers.slice(0, 2).map((a) => a.body?.cancel()));
    } finally {
      await limited.close();
    }
  });
});
