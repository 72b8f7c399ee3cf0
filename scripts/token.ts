// npm run token -- [--sub S] [--ttl 1h] [--scope "a b"] [--name N] [--operator ID]: a token for the
// configured HS256 secret. --operator signs one for the operators' app: the scope `operator` and
// the claim `operator_id`, its sub the operator's id unless --sub says otherwise.
import { parseArgs } from 'node:util';
import { configuredSigner } from '../src/platform/tokens/configured-signer.js';
import { loadConfig } from '../src/service/config.js';

const USAGE = `npm run token -- [options]: prints a token signed with the configured HS256 secret
(AUTH_JWT_SECRET, or the development secret kept in DATA_DIR: run it with the server's DATA_DIR)
  --sub S          the token's subject (default: developer, or the operator's id)
  --ttl 1h         how long it is valid: seconds, or 30m, 12h, 7d
  --scope "a b"    scopes: orders:admin, operators:read, operators:write, metrics:read
  --name N         the caller's name (orders take it as clientName when the body has none)
  --operator ID    a token for the operators' app: scope operator, claim operator_id
  --help           this text`;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

function seconds(ttl: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(ttl);
  if (!match) throw new Error(`--ttl ${ttl}: use a number of seconds or 30m, 12h, 7d`);
  return Number(match[1]) * UNITS[match[2] || 's']!;
}

try {
  const { values } = parseArgs({
    options: {
      sub: { type: 'string' },
      ttl: { type: 'string', default: '1h' },
      scope: { type: 'string' },
      name: { type: 'string' },
      operator: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.operator !== undefined && !values.operator.trim()) throw new Error('--operator needs a roster id, e.g. --operator demo-030');
  const token = await configuredSigner(loadConfig())({
    sub: values.sub ?? values.operator ?? 'developer',
    ttlSeconds: seconds(values.ttl),
    scope: values.scope,
    name: values.name,
    operatorId: values.operator,
  });
  console.log(token);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
