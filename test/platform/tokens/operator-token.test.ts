import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../../src/platform/tokens/sign-token.js';
import { createTokenVerifier } from '../../../src/platform/tokens/verify-token.js';
import { ROOT } from '../../docs/markdown.js';
import { SECRET } from '../../support/service.js';

const run = promisify(execFile);
const authenticate = createTokenVerifier({ secret: SECRET });

describe("an operators' app token", () => {
  it('when one is signed for an operator, then it carries the scope operator besides the others, and acts as it', async () => {
    const token = await signToken(SECRET, { sub: 'app-7', ttlSeconds: 60, scope: 'orders:read', operatorId: 'tow-17' });

    const caller = await authenticate(`Bearer ${token}`);

    expect([caller.subject, [...caller.scopes], caller.operatorId]).toEqual(['app-7', ['orders:read', 'operator'], 'tow-17']);
  });

  it('when `npm run token -- --operator demo-030` is run, then it prints a token acting as demo-030, its sub the id', async () => {
    const env = Object.assign({}, process.env, { AUTH_JWT_SECRET: SECRET });
    const { stdout } = await run('npm', ['run', '--silent', 'token', '--', '--operator', 'demo-030'], { cwd: ROOT, env });

    const caller = await authenticate(`Bearer ${stdout.trim()}`);

    expect([caller.subject, [...caller.scopes], caller.operatorId]).toEqual(['demo-030', ['operator'], 'demo-030']);
  }, 30_000);

  it('when `npm run token -- --help` is run, then it says every option and exits 0', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'token', '--', '--help'], { cwd: ROOT, env: process.env });

    for (const option of ['--sub', '--ttl', '--scope', '--name', '--operator', 'DATA_DIR']) expect(stdout).toContain(option);
  }, 30_000);
});
