// npm run simulate -- [options] [operator ids…]: simulated operators against a running service.
import { parseArgs } from 'node:util';
import { configuredSigner } from '../../src/platform/tokens/configured-signer.js';
import { loadConfig } from '../../src/service/config.js';
import { Stopped } from './api.js';
import { demoOperatorIds } from './demo-roster.js';
import { simulate } from './simulate.js';

const USAGE = `npm run simulate -- [options] [operator ids…]: plays the operators' app for the demo roster (or
the ids given) against a running service, through its public GraphQL API: each operator takes
the orders offered to it, drives to the car and, for a tow, to the destination along the
estimate, reporting its position and every step until FINISHED. Stop it with Ctrl-C.
Tokens are signed as npm run token signs them: run it with the service's DATA_DIR or AUTH_JWT_SECRET.
  --url URL        the service (default http://localhost:4000)
  --speed N        how many times faster than the estimate (default 10)
  --poll MS        how often an idle operator asks for its offers (default 1000)
  --tick MS        how often a driving operator reports its position (default 1000)
  --pay            also pay, on the sandbox's payment page, the orders awaiting payment of…
  --owner SUB      …this token subject (default developer, as npm run token)
  --help           this text`;

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} ${text}: a positive number, please`);
  return value;
}

// Ctrl-C or SIGTERM stops the operators where they are, start-up included; a second one, at once.
const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: stopping`);
    stopping.abort();
    process.once(signal, () => process.exit(130));
  });
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:4000' },
      speed: { type: 'string', default: '10' },
      poll: { type: 'string', default: '1000' },
      tick: { type: 'string', default: '1000' },
      pay: { type: 'boolean', default: false },
      owner: { type: 'string', default: 'developer' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const url = new URL(values.url).origin;
  const operators = positionals.length ? positionals : demoOperatorIds();
  const run = await simulate({
    url,
    operators,
    speed: positive('speed', values.speed),
    pollMs: positive('poll', values.poll),
    tickMs: positive('tick', values.tick),
    payFor: values.pay ? values.owner : null,
    sign: configuredSigner(loadConfig()),
    signal: stopping.signal,
  });
  await run.done;
  console.log('stopped');
} catch (error) {
  if (error instanceof Stopped) console.log('stopped');
  else {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
