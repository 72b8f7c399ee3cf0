import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/platform/errors.js';
import { refusedAddress, refusedAmong } from '../../src/webhooks/domain/addresses.js';
import { endpointUrl } from '../../src/webhooks/domain/endpoint-url.js';
import { eventFilter, SENT_ORDER_EVENTS } from '../../src/webhooks/domain/event-types.js';
import { afterFailure, MAX_ATTEMPTS, retryWaitMs } from '../../src/webhooks/domain/retry-schedule.js';

describe('the addresses an endpoint may be on', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'reserved'],
    ['::', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::7f00:1', 'reserved'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:a00:1::1', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['ff02::1', 'multicast'],
  ])('when it is %s, then it is refused (%s)', (address, range) => {
    expect(refusedAddress(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('when it is %s, a public address, then it is allowed', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('when a name has a public and a private address, then the private one refuses it', () => {
    expect(refusedAmong(['93.184.215.14', '10.1.2.3'])).toEqual({ address: '10.1.2.3', range: 'private' });
    expect(refusedAmong([])).toMatchObject({ range: 'no address' });
    expect(refusedAmong(['93.184.215.14'])).toBeNull();
  });
});

describe("an endpoint's URL", () => {
  const refusal = (text: string, httpsOnly = false) => {
    try {
      endpointUrl(text, { httpsOnly });
      return null;
    } catch (error) {
      return error instanceof InvalidInputError ? error.field : error;
    }
  };

  it.each([['not a url'], ['ftp://hooks.example/'], ['https://user:pw@hooks.example/'], ['/relative'], [`https://hooks.example/${'a'.repeat(2_000)}`]])(
    'when it is %s, then it is refused on `url`',
    (text) => {
      expect(refusal(text)).toBe('url');
    },
  );

  it('when the service runs in production, then only https is taken', () => {
    expect(refusal('http://hooks.example/in', true)).toBe('url');
    expect(refusal('https://hooks.example/in', true)).toBeNull();
    expect(refusal('http://hooks.example/in', false)).toBeNull();
  });

  it('when it has a fragment, then it is dropped; its query is kept', () => {
    expect(endpointUrl('https://hooks.example/in?a=1#x', { httpsOnly: true }).href).toBe('https://hooks.example/in?a=1');
  });
});

describe('the event types', () => {
  it("when an order event is a step of the order's life, then it has its webhook type; a pause and a resume are progress", () => {
    // Exactly these: partner_moved and refunded are not sent.
    expect(SENT_ORDER_EVENTS).toEqual({
      created: 'order.created',
      paid: 'order.paid',
      assigned: 'order.assigned',
      progressed: 'order.progressed',
      paused: 'order.progressed',
      resumed: 'order.progressed',
      finished: 'order.finished',
      cancelled: 'order.cancelled',
      closed: 'order.closed',
    });
  });

  it('when an endpoint names types, then each is kept once in the order of the life; left out, it takes all', () => {
    expect(eventFilter(['order.closed', 'order.paid', 'order.paid'])).toEqual(['order.paid', 'order.closed']);
    expect(eventFilter(undefined)).toBeNull();
    expect(eventFilter(null)).toBeNull();
  });

  it.each([[['order.shipped']], [['paid']], [[]]])('when it names %j, then it is refused on `events`', (events) => {
    expect(() => eventFilter(events)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', field: 'events' }));
  });
});

describe('the retry schedule', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('when a first try fails, then the next comes within ten seconds, and each wait is longer, up to four hours', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryWaitMs(i + 1));
    expect(waits[0]).toBeLessThanOrEqual(10_000);
    waits.slice(1).forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(waits[i]!));
    expect(Math.max(...waits)).toBe(4 * 3_600_000);
  });

  it('when every try fails, then they span about a day, and the last one fails the delivery', () => {
    let at = now;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      const next = afterFailure(attempts, at, () => 0);
      if (next.kind !== 'retry') throw new Error(`gave up after ${attempts}`);
      at = next.at;
    }
    const hours = (at.getTime() - now.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(30);
    expect(afterFailure(MAX_ATTEMPTS, at)).toEqual({ kind: 'fail' });
  });

  it('when deliveries fail together, then their retries are spread by up to a tenth of the wait', () => {
    const earliest = afterFailure(1, now, () => 0);
    const latest = afterFailure(1, now, () => 0.999);
    expect(earliest).toEqual({ kind: 'retry', at: new Date(now.getTime() + 5_000) });
    expect(latest.kind === 'retry' && latest.at.getTime() - now.getTime()).toBe(5_500);
  });
});
