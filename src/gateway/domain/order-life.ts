import type { OrderLife } from '../../lifecycle/domain/order-life.js';
import { UnavailableInGatewayModeError } from './errors.js';

const refuse = (): never => {
  throw new UnavailableInGatewayModeError('order_life');
};

/**
 * The order's life in a gateway: none here. The legacy service offers its orders to its own
 * operators and follows them to the end, so every change after creation is refused, with the
 * caller's scope checked first as always.
 */
export const gatewayOrderLife: OrderLife = {
  cancel: async () => refuse(),
  acceptOffer: async () => refuse(),
  declineOffer: async () => refuse(),
  advance: async () => refuse(),
  offersOf: async () => refuse(),
  currentOffers: async () => refuse(),
  waitingOffers: async () => refuse(),
  assign: async () => refuse(),
  byPlatform: async () => refuse(),
};
