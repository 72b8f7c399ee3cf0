import { InvalidInputError } from '../../platform/errors.js';
import { ORDER_EVENT_TYPES, ORDER_EVENTS, type OrderEventType } from '../../orders/domain/order.js';

type Published = Exclude<(typeof ORDER_EVENTS)[OrderEventType]['published'], null>;

/** What an endpoint can subscribe to: the published names, in the order of an order's life. */
export type WebhookEventType = `order.${Published}`;
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  ...new Set(ORDER_EVENT_TYPES.flatMap((e) => (ORDER_EVENTS[e].published === null ? [] : [`order.${ORDER_EVENTS[e].published}` as const]))),
];

// The order events sent (order_events.type), each as its webhook type; the others are not sent
// (ORDER_EVENTS says which and why).
export const SENT_ORDER_EVENTS: Readonly<Partial<Record<OrderEventType, WebhookEventType>>> = Object.fromEntries(
  ORDER_EVENT_TYPES.flatMap((e) => (ORDER_EVENTS[e].published === null ? [] : [[e, `order.${ORDER_EVENTS[e].published}`]])),
);

const isWebhookType = (name: string): name is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(name);

/**
 * The types an endpoint asks for, each once, in that order; null (left out) is every
 * type, those to come included. An empty list would subscribe to nothing: refused, as is a name
 * that is not a type.
 */
export function eventFilter(events: readonly string[] | null | undefined): WebhookEventType[] | null {
  if (events === null || events === undefined) return null;
  if (events.length === 0) throw new InvalidInputError('events', 'debe nombrar al menos un tipo de evento, o omitirse para recibirlos todos');
  const unknown = events.find((name) => !isWebhookType(name));
  if (unknown !== undefined) {
    throw new InvalidInputError('events', `solo admite los tipos ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}
