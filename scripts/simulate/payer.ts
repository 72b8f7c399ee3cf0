import { pause, Refused, Stopped, type Api, type Log } from './api.js';
import { PENDING_ORDERS } from './operations.js';

const SANDBOX_PAYMENT = /\/sandbox\/payments\/[^/?#]+$/;

/**
 * --pay: what a newcomer does on the sandbox's payment page, for each of the owner's orders
 * awaiting its payment: presses Pay (POST …/pay, the page's own form). Links of another provider
 * are left alone: only their payer can pay them.
 */
export async function payPending(deps: { api: Api; token: () => Promise<string>; signal: AbortSignal; log: Log; pollMs: number }): Promise<void> {
  const { api, signal, log } = deps;
  const tried = new Set<string>();
  for (;;) {
    try {
      const page = await api.request<{ edges: { node: { id: string; pendingStatus: string | null; paymentProviderReference: string } }[] }>(
        PENDING_ORDERS, {}, await deps.token());
      for (const { node } of page.edges) {
        if (node.pendingStatus !== 'PENDING_PAYMENT' || tried.has(node.id)) continue;
        tried.add(node.id);
        const path = SANDBOX_PAYMENT.exec(new URL(node.paymentProviderReference).pathname)?.[0];
        if (!path) {
          log(`payer: order ${node.id} is not paid through the sandbox; left to its payer`);
          continue;
        }
        // The service's own page, reached where the simulator reaches the service.
        const answer = await fetch(new URL(`${path}/pay`, api.url), { method: 'POST', redirect: 'manual', signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) })
          .then((r) => r.status, (error: Error) => error.name);
        if (signal.aborted) throw new Stopped();
        if (answer === 303) log(`payer: paid order ${node.id}`);
        else {
          log(`payer: order ${node.id} not paid (${answer}); trying again later`);
          tried.delete(node.id);
        }
      }
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      log(`payer: refused: ${error.message}`);
    }
    await pause(deps.pollMs * 2, signal);
  }
}
