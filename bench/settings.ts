export interface Settings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The build the current one is compared with in the same run; null for none. */
  baselineRef: string | null;
}

// The last build before the open-internet hardening (operation limits, rate limits, metrics,
// deadlines): what its cost is measured against.
const BASELINE_REF = '44d727a';

export function readSettings(env = process.env): Settings {
  return {
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 50),
    warmupSeconds: positiveInteger(env, 'BENCH_WARMUP_SECONDS', 3),
    seconds: positiveInteger(env, 'BENCH_SECONDS', 10),
    baselineRef: env.BENCH_BASELINE_REF === 'none' ? null : env.BENCH_BASELINE_REF?.trim() || BASELINE_REF,
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}=${text} is not a positive integer`);
  return value;
}
