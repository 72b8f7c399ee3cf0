import { NoOperatorAvailableError, type ServiceError } from '../../platform/errors.js';
import type { Fulfilment } from '../../orders/domain/fulfilment.js';
import {
  UnavailableInGatewayModeError,
  UpstreamBadResponseError,
  UpstreamRefusedTokenError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from './errors.js';
import { toGatewayOrder } from './order.js';
import type {
  ForwardingCaller,
  GatewayLog,
  GatewayObserver,
  GatewayOrderRecord,
  GatewayOrderStore,
  LegacyOrderService,
  OutcomeLedger,
} from './ports.js';
import { readLegacyOrder } from './legacy-order.js';
import type { LegacyOutcome } from './legacy-outcome.js';
import type { Order } from '../../orders/domain/order.js';
import type { OrderRequest } from '../../orders/domain/order-request.js';
import type { OrderPage } from '../../orders/domain/ports.js';

export interface GatewayFulfilmentDeps {
  legacy: LegacyOrderService;
  orders: GatewayOrderStore;
  keys: OutcomeLedger;
  /** CURRENCY: the unit the legacy's amounts are read in. */
  currency: string;
  /** PAYMENT_REFERENCE_LEGACY_FIELD: the legacy's key of the payment URL, to read kept answers. */
  paymentField: string;
  log: GatewayLog;
  clock: () => Date;
  observe?: GatewayObserver;
}

type Failure = Exclude<LegacyOutcome, { kind: 'order' }>;

/**
 * Whether the legacy certainly made no order: the request never reached it, or it refused it as
 * its interface documents refusals (a 3xx or 4xx). A 5xx, a cut connection or an answer that is not
 * an order leave it open: its interface documents no 5xx, nor whether one comes after the order.
 */
function madeNothing(outcome: Failure): boolean {
  if (!outcome.mayHaveReached) return true;
  if (outcome.kind === 'bad-response') return outcome.status >= 300 && outcome.status < 500;
  return outcome.kind === 'no-operator' || outcome.kind === 'rejected' || outcome.kind === 'unauthorized' || outcome.kind === 'forbidden';
}

/**
 * Gateway mode: the order is made by the legacy order service. Its answer is checked as an order
 * of the legacy's interface, kept with its owner (so that `order(id)` finds it for them alone) and handed back
 * with the body as the legacy wrote it. A call is never repeated, and a key whose call may have
 * made an order we did not get is marked so, never freed for a second call.
 */
export function createGatewayFulfilment(deps: GatewayFulfilmentDeps): Fulfilment {
  const { log } = deps;

  function failure(outcome: Failure): ServiceError {
    const orderMayExist = !madeNothing(outcome);
    switch (outcome.kind) {
      case 'no-operator':
        return new NoOperatorAvailableError();
      case 'rejected':
        return new UpstreamRejectedError(outcome.message);
      case 'unauthorized':
      case 'forbidden':
        if (outcome.credentials !== 'configured') {
          return new UpstreamRefusedTokenError(outcome.kind === 'unauthorized' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        }
        // Our own token: nothing the caller can fix.
        log.error({ legacy: outcome.kind }, 'the legacy service refused ORDERS_UPSTREAM_TOKEN');
        return new UpstreamUnavailableError('the legacy service refused our token', false);
      case 'unavailable':
        if (outcome.reason !== 'breaker-open') log.warn({ legacy: outcome }, 'legacy service unavailable');
        return new UpstreamUnavailableError(`legacy service unavailable: ${outcome.reason}`, orderMayExist);
      case 'timeout':
        log.warn({ legacy: outcome }, 'legacy service past its deadline');
        return new UpstreamTimeoutError('legacy service past its deadline', orderMayExist);
      case 'bad-response':
        log.error({ legacy: outcome }, 'the legacy service answered something that is not an order');
        return new UpstreamBadResponseError(`legacy answer: ${outcome.reason}`, orderMayExist);
    }
  }

  async function markUnknown(subject: string, key: string | undefined) {
    if (key) await deps.keys.markOutcomeUnknown(subject, key);
  }

  async function keep(caller: ForwardingCaller, outcome: Extract<LegacyOutcome, { kind: 'order' }>, key?: string): Promise<Order> {
    const legacyOrderId = outcome.order.id;
    for (const { field, raw, value } of outcome.corrections) {
      log.warn({ field, raw, value, legacyOrderId }, 'legacy value read as the documented value it misspells');
      deps.observe?.correction?.(field);
    }
    const reading = toGatewayOrder(outcome.order, caller.subject, outcome.body, deps.currency);
    if (!reading.ok) {
      log.error({ problems: reading.problems, legacyOrderId }, 'the legacy order does not fit the typed schema');
      await markUnknown(caller.subject, key);
      throw new UpstreamBadResponseError('the legacy order does not fit the typed schema', true);
    }
    try {
      await deps.orders.insert({ id: legacyOrderId, ownerSubject: caller.subject, body: outcome.body, createdAt: deps.clock() }, key);
    } catch (err) {
      // The legacy made the order: answering an error would only have it made again. The caller
      // gets it; order(id) will not find it, and its key, unbound, is refused from now on.
      log.error({ err, legacyOrderId }, 'a gateway order was answered but could not be kept');
      await markUnknown(caller.subject, key);
    }
    return reading.order;
  }

  async function fulfil(caller: ForwardingCaller, request: OrderRequest, key?: string): Promise<Order> {
    const started = performance.now();
    const outcome = await deps.legacy.createOrder(request, caller.authorization ?? null);
    const label = outcome.kind === 'unavailable' && outcome.reason === 'breaker-open' ? 'breaker-open' : outcome.kind;
    deps.observe?.call?.(label, performance.now() - started);
    if (outcome.kind === 'order') return keep(caller, outcome, key);
    const error = failure(outcome);
    if (!madeNothing(outcome)) await markUnknown(caller.subject, key);
    throw error;
  }

  /** A kept order, read as when it was made; a body that no longer reads is a defect, logged. */
  function fromRecord(record: GatewayOrderRecord): Order {
    const reading = readLegacyOrder(JSON.parse(record.body), deps.paymentField);
    const order = reading.ok ? toGatewayOrder(reading.order, record.ownerSubject, record.body, deps.currency) : reading;
    if (!order.ok) throw new Error(`kept gateway order ${record.id} does not read: ${JSON.stringify(order.problems)}`);
    return order.order;
  }

  /**
   * A page of the caller's kept orders. Their status is inside the legacy's answer, so a filtered
   * page is gathered from the kept orders read in chunks, newest first.
   */
  async function list(caller: ForwardingCaller, { before, status, limit }: OrderPage): Promise<Order[]> {
    const found: Order[] = [];
    const chunk = status ? Math.max(limit, SCAN_CHUNK) : limit;
    for (let after = before; ; ) {
      const records = await deps.orders.listByOwner(caller.subject, { limit: chunk, ...(after === undefined ? {} : { before: after }) });
      for (const record of records) {
        const order = fromRecord(record);
        if (!status || order.status === status) found.push(order);
        if (found.length === limit) return found;
      }
      if (records.length < chunk) return found;
      after = records.at(-1)!.id;
    }
  }

  return {
    fulfil,
    async find(caller, id) {
      const record = await deps.orders.findById(id, caller.subject);
      return record && fromRecord(record);
    },
    list,
    quote: async () => {
      throw new UnavailableInGatewayModeError('quote');
    },
    // A gateway keeps the legacy's answer to the order's creation, and sees no change after it.
    history: async (order) => [{ kind: 'created', at: order.createdAt, status: order.status, pendingStatus: order.pendingStatus, actor: 'owner', reason: null }],
  };
}

// Kept orders read at a time while a page filtered by status is gathered.
const SCAN_CHUNK = 100;
