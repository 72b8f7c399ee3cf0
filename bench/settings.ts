export interface Settings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export function readSettings(env = process.env): Settings {
  return {
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 50),
    warmupSeconds: positiveInteger(env, 'BENCH_WARMUP_SECONDS', 3),
    seconds: positiveInteger(env, 'BENCH_SECONDS', 10),
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}=${text} is not a positive integer`);
  return value;
}
