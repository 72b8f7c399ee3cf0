import { UnavailableInGatewayModeError } from './errors.js';
import type { OperatorService } from '../../operators/domain/service.js';

const refuse = (): never => {
  throw new UnavailableInGatewayModeError();
};

/**
 * The roster of a gateway: none. The legacy service dispatches its orders to operators of its
 * own, so every roster operation is refused, with the caller's scope checked first as always.
 */
export const gatewayRoster: OperatorService = {
  upsert: async () => refuse(),
  move: async () => refuse(),
  setDuty: async () => refuse(),
  remove: async () => refuse(),
  find: async () => refuse(),
  near: async () => refuse(),
};
