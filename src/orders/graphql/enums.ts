import { upperCased } from '../../graphql/enums.js';
import { builder } from '../../graphql/builder.js';
import { ORDER_STATUSES, PENDING_STATUSES, type OrderStatus, type PendingStatus } from '../domain/order.js';

export const ServiceCodeEnum = builder.enumType('ServiceCode', {
  description: 'The service asked for; the legacy numeric codes are 1, 2 and 3',
  values: {
    TOWING: { value: 1, description: '1: towing' },
    BATTERY_JUMP_START: { value: 2, description: '2: battery jump-start' },
    TYRE_CHANGE: { value: 3, description: '3: tyre change' },
  } as const,
});

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: upperCased<OrderStatus>(ORDER_STATUSES) });

export const PendingStatusEnum = builder.enumType('PendingStatus', {
  values: upperCased<PendingStatus>(PENDING_STATUSES),
});
