import { InvalidInputError } from '../errors.js';

/** What an endpoint can subscribe to: the published names, in the order of an order's life. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.assigned',
  'order.progressed',
  'order.finished',
  'order.cancelled',
  'order.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

// The order events sent (order_events.type), each as its webhook type; the others are not sent.
// A pause and a resume are progress as an integrator sees it: the order's status says which. A
// move of the partner and a refund are not announced: the first changes no state an integrator
// follows, and a refund is the payment provider's to tell the payer.
export const SENT_ORDER_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  created: 'order.created',
  paid: 'order.paid',
  assigned: 'order.assigned',
  progressed: 'order.progressed',
  paused: 'order.progressed',
  resumed: 'order.progressed',
  finished: 'order.finished',
  cancelled: 'order.cancelled',
  closed: 'order.closed',
};

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
