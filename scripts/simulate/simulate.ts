import type { SignClaims } from '../../src/platform/tokens/configured-signer.js';
import { createApi, Stopped, type Log } from './api.js';
import { PENDING_ORDERS, MY_OFFERS } from './operations.js';
import { runOperator, type Pace } from './operator.js';
import { payPending } from './payer.js';

export interface SimulateOptions extends Pace {
  /** The service's base URL. */
  url: string;
  /** The roster ids the simulator plays. */
  operators: readonly string[];
  /** Signs a token the service accepts (`npm run token`'s signer). */
  sign: (claims: SignClaims) => Promise<string>;
  /** Also pay, through the sandbox's payment page, the orders of this owner (`sub`) awaiting payment. */
  payFor?: string | null;
  log?: Log;
  /** Deadline of one request. */
  timeoutMs?: number;
  /** Stops the run, start-up included (Ctrl-C). */
  signal?: AbortSignal;
}

// Tokens live a day and are signed again after an hour: a long run never sends an expired one.
const TOKEN_TTL_SECONDS = 86_400;
const RESIGN_MS = 3_600_000;

/**
 * Plays the operators against the service through its public API until stopped. The first
 * request is checked before anything starts: a token the service refuses (another secret) ends the
 * run at once, with the service's reason, rather than as one refusal per operator.
 */
export async function simulate(options: SimulateOptions) {
  const log = options.log ?? ((line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`));
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const api = createApi({ url: options.url, signal, log, timeoutMs: options.timeoutMs });

  function tokenOf(claims: Omit<SignClaims, 'ttlSeconds'>): () => Promise<string> {
    let signed: { token: Promise<string>; at: number } | null = null;
    return () => {
      if (!signed || Date.now() - signed.at > RESIGN_MS) signed = { token: options.sign({ ...claims, ttlSeconds: TOKEN_TTL_SECONDS }), at: Date.now() };
      return signed.token;
    };
  }

  const [first] = options.operators;
  if (first === undefined) throw new Error('no operator to play');
  const operatorTokens = new Map(options.operators.map((id) => [id, tokenOf({ sub: id, operatorId: id })]));
  const ownerToken = options.payFor ? tokenOf({ sub: options.payFor }) : null;
  await api.request(MY_OFFERS, {}, await operatorTokens.get(first)!());
  if (ownerToken) await api.request(PENDING_ORDERS, {}, await ownerToken());
  log(`playing ${options.operators.length} operator(s) against ${options.url} at ${options.speed}× speed${ownerToken ? `, paying ${options.payFor}'s orders` : ''}`);

  const loops = options.operators.map((id) => runOperator(id, { api, token: operatorTokens.get(id)!, pace: options, signal, log }));
  if (ownerToken) loops.push(payPending({ api, token: ownerToken, signal, log, pollMs: options.pollMs }));
  const done = Promise.all(loops.map((loop) => loop.catch((error: unknown) => {
    if (!(error instanceof Stopped)) throw error;
  }))).then(() => {});
  // A failure no loop expected stops the others rather than leaving them running alone.
  done.catch(() => controller.abort());

  return {
    done,
    /** Stops every operator where it is: requests under way are given up. */
    async stop(): Promise<void> {
      controller.abort();
      await done;
    },
  };
}
