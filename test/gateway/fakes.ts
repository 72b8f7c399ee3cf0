// Hand-written fakes for the ports of the gateway fulfilment.
import { createGatewayFulfilment } from '../../src/gateway/domain/fulfilment.js';
import type { GatewayOrderRecord, GatewayOrderStore, LegacyOrderService, OutcomeLedger } from '../../src/gateway/domain/ports.js';
import { readLegacyOrder } from '../../src/gateway/domain/legacy-order.js';
import type { LegacyOutcome } from '../../src/gateway/domain/legacy-outcome.js';
import { parseOrderRequest } from '../../src/orders/domain/order-request.js';
import { legacyOrderBody } from '../support/fake-legacy.js';

export const FIELD = 'mercadoPagoReference';
export const NOW = new Date('2026-11-21T17:10:30.000Z');

export const towing = parseOrderRequest({
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
});

const REQUEST = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceId: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
};

/** The outcome of a legacy answer of 200 with `fields` over the fake legacy's order, written as `text` says. */
export function orderOutcome(id: number, fields: Record<string, unknown> = {}, text?: (json: object) => string): LegacyOutcome {
  const json = Object.assign(legacyOrderBody(id, REQUEST, FIELD), fields);
  const reading = readLegacyOrder(json, FIELD);
  if (!reading.ok) throw new Error(`not an order: ${JSON.stringify(reading.problems)}`);
  const body = text ? text(json) : JSON.stringify(json);
  return { kind: 'order', mayHaveReached: true, body, json, order: reading.order, corrections: reading.corrections };
}

/** Answers the outcomes given, one a call, and remembers what it was asked. */
export function scriptedLegacy(...outcomes: LegacyOutcome[]): LegacyOrderService & { calls: { authorization: string | null }[] } {
  const calls: { authorization: string | null }[] = [];
  return {
    calls,
    async createOrder(_request, authorization) {
      calls.push({ authorization });
      const next = outcomes.shift();
      if (!next) throw new Error('the legacy was called more often than the test expected');
      return next;
    },
  };
}

/** Orders by id; `failing` makes the next inserts fail as a store that is down does. */
export function memoryOrders(): GatewayOrderStore & { records: Map<number, GatewayOrderRecord & { key?: string }>; failing: boolean } {
  const records = new Map<number, GatewayOrderRecord & { key?: string }>();
  return {
    records,
    failing: false,
    async insert(record, key) {
      if (this.failing) throw new Error('connection terminated unexpectedly');
      if (records.has(record.id)) throw new Error(`duplicate key value violates unique constraint (id ${record.id})`);
      records.set(record.id, Object.assign({ key }, record));
    },
    async findById(id, owner) {
      const record = records.get(id);
      return record && record.ownerSubject === owner ? record : null;
    },
    async listByOwner(owner, { before, limit }) {
      const mine = [...records.values()].filter((r) => r.ownerSubject === owner && (before === undefined || r.id < before));
      return mine.sort((a, b) => b.id - a.id).slice(0, limit);
    },
  };
}

export function markedKeys(): OutcomeLedger & { marked: string[] } {
  const marked: string[] = [];
  return {
    marked,
    async markOutcomeUnknown(owner, key) {
      marked.push(`${owner} ${key}`);
    },
  };
}

export function recordingLog() {
  const lines: { level: 'warn' | 'error'; data: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warn: (data: object, message: string) => void lines.push({ level: 'warn', data: data as Record<string, unknown>, message }),
    error: (data: object, message: string) => void lines.push({ level: 'error', data: data as Record<string, unknown>, message }),
  };
}

/** A gateway fulfilment over fakes, with the fakes to look at. */
export function arrangeGateway(outcomes: LegacyOutcome[], currency = 'CLP') {
  const legacy = scriptedLegacy(...outcomes);
  const orders = memoryOrders();
  const keys = markedKeys();
  const log = recordingLog();
  const counted = { calls: [] as string[], corrections: [] as string[] };
  const fulfilment = createGatewayFulfilment({
    legacy, orders, keys, log, currency, paymentField: FIELD, clock: () => NOW,
    observe: { call: (outcome) => void counted.calls.push(outcome), correction: (field) => void counted.corrections.push(field) },
  });
  return { fulfilment, legacy, orders, keys, log, counted };
}
