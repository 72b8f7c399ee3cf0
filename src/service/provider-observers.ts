import type { NotificationEvent } from '../payments/domain/notifications.js';
import type { LegEstimate } from '../orders/domain/routing.js';
import type { PaymentOperation } from '../payments/providers/observed-payments.js';
import type { RoutingProviderName } from '../orders/routing/routing-stack.js';

/**
 * What the routing and payment adapters report, for metrics; each is optional. Suggested
 * Prometheus series are named beside each.
 */
export interface ProviderObservers {
  /** routing_calls_total{provider,outcome}, routing_call_seconds{provider}: calls that reached the adapter. */
  routingCall?(provider: RoutingProviderName, outcome: string, ms: number): void;
  /** routing_legs_total{source,fallback}: every leg estimated through a provider, and why it fell back. */
  routingLeg?(leg: LegEstimate, ms: number): void;
  /** route_cache_lookups_total{result="hit"|"miss"}. */
  routeCache?(hit: boolean): void;
  /** payment_provider_calls_total{provider,operation,outcome}, payment_provider_call_seconds{provider,operation}. */
  paymentCall?(provider: string, operation: PaymentOperation, outcome: string, ms: number): void;
  /** payment_notifications_total{provider,event}: verified, forged, ignored, then applied, retry… */
  notification?(event: NotificationEvent, provider: string): void;
}
