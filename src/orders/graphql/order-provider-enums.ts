import type { EstimateSource, PaymentStatus } from '../domain/order.js';
import { builder } from '../../graphql/builder.js';

export const EstimateSourceEnum = builder.enumType('EstimateSource', {
  description: 'How the distances and durations of an order were estimated',
  values: {
    ROAD: { value: 'road' satisfies EstimateSource, description: 'by road, by the routing provider, for every leg' },
    GREAT_CIRCLE: {
      value: 'great_circle' satisfies EstimateSource,
      description: 'by the great circle times a circuity factor: no routing provider, or it failed or was late',
    },
  } as const,
});

export const PaymentStatusEnum = builder.enumType('PaymentStatus', {
  description: "Where the order's payment stands",
  values: {
    PENDING: { value: 'pending' satisfies PaymentStatus, description: 'the payment link is open' },
    PAID: { value: 'paid' satisfies PaymentStatus, description: 'paid: the order went on to PENDING_PARTNER' },
    EXPIRED: { value: 'expired' satisfies PaymentStatus, description: 'left unpaid: the link expired, or the order was cancelled before it was paid' },
    REFUND_PENDING: {
      value: 'refund_pending' satisfies PaymentStatus,
      description: 'the order was cancelled after it was paid: its refund is owed and under way',
    },
    REFUNDED: { value: 'refunded' satisfies PaymentStatus, description: 'the payment of a cancelled order was given back' },
  } as const satisfies Record<Uppercase<PaymentStatus>, { value: PaymentStatus; description: string }>,
});
