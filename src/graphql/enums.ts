import { ORDER_STATUSES, PENDING_STATUSES, type OrderStatus, type PendingStatus } from '../orders/domain/order.js';
import { builder } from './builder.js';

export const ServiceCodeEnum = builder.enumType('ServiceCode', {
  description: 'The service asked for; the legacy numeric codes are 1, 2 and 3',
  values: {
    TOWING: { value: 1, description: '1: towing' },
    BATTERY_JUMP_START: { value: 2, description: '2: battery jump-start' },
    TYRE_CHANGE: { value: 3, description: '3: tyre change' },
  } as const,
});

/** An enum's values named as the stored values upper-cased, each with its description when given. */
export const upperCased = <T extends string>(values: readonly T[], descriptions?: Record<T, string>) =>
  Object.fromEntries(
    values.map((v) => [v.toUpperCase(), descriptions ? { value: v, description: descriptions[v] } : { value: v }]),
  ) as Record<Uppercase<T>, { value: T; description?: string }>;

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: upperCased<OrderStatus>(ORDER_STATUSES) });

export const PendingStatusEnum = builder.enumType('PendingStatus', {
  values: upperCased<PendingStatus>(PENDING_STATUSES),
});
