import type { ClaimedDelivery } from './ports.js';

/** The secrets a delivery is signed with now: the current one, and the previous one during the overlap. */
export function signingSecrets(endpoint: ClaimedDelivery['endpoint'], now: Date): string[] {
  const { secret, previousSecret, previousSecretUntil } = endpoint;
  return previousSecret && previousSecretUntil && previousSecretUntil > now ? [secret, previousSecret] : [secret];
}
