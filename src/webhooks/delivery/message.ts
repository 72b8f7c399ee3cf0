import type { OrderStore } from '../../orders/domain/ports.js';
import type { WebhookMessages } from '../domain/ports.js';
import { toOrderView } from '../../orders/order-view.js';

/**
 * A delivery's body: `{"type", "timestamp", "data": {"order"}}`, the order as REST shows it (the
 * legacy's fields), read when it is sent, with its state (status, pendingStatus, updatedAt)
 * as of the event: a receiver that gets `order.paid` late still reads the state it announces.
 */
export function createWebhookMessages(orders: Pick<OrderStore, 'findById'>): WebhookMessages {
  return {
    async bodyOf({ type, event }) {
      const order = await orders.findById(event.orderId, event.ownerSubject);
      if (!order) return null;
      const view = toOrderView(order);
      const at = event.at.toISOString();
      Object.assign(view, { status: event.status, pendingStatus: event.pendingStatus, updatedAt: at });
      return JSON.stringify({ type, timestamp: at, data: { order: view } });
    },
  };
}
