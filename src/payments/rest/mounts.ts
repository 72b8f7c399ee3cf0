import type { Mount } from '../../http/router.js';
import { createPaymentNotificationsRoute, NOTIFICATIONS_PATH, type PaymentNotificationsRouteDeps } from './payment-notifications-route.js';
import { createSandboxPage, type SandboxPageDeps } from './sandbox-page.js';
import { SANDBOX_PATH } from './sandbox-path.js';

/**
 * The payments' routes, as the router mounts them: the providers' notifications, and the
 * sandbox's checkout pages when the sandbox is the provider (`sandbox` null otherwise).
 */
export function paymentMounts(deps: PaymentNotificationsRouteDeps & { sandbox: SandboxPageDeps | null }): Mount[] {
  const notifications = createPaymentNotificationsRoute(deps);
  const mounts: Mount[] = [
    // Mercado Pago names the payment in the query, and signs it.
    { path: NOTIFICATIONS_PATH, prefix: true, route: (request, path, at) => notifications(request, path, at.search()), spanRoute: `${NOTIFICATIONS_PATH}{provider}` },
  ];
  if (deps.sandbox) mounts.push({ path: SANDBOX_PATH, prefix: true, route: createSandboxPage(deps.sandbox), spanRoute: `${SANDBOX_PATH}{reference}` });
  return mounts;
}
