import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../../src/platform/tokens/verify-token.js';
import { SECRET, signTestToken } from '../../support/service.js';

const bearer = (token: string) => `Bearer ${token}`;

describe('HS256 tokens', () => {
  const authenticate = createTokenVerifier({ secret: SECRET });

  it('when the token is valid, then the caller carries its sub, name and scopes', async () => {
    const caller = await authenticate(bearer(await signTestToken({ sub: 'app-7', name: 'Taller', scope: 'a b' })));
    expect(caller.subject).toBe('app-7');
    expect(caller.name).toBe('Taller');
    expect([...caller.scopes]).toEqual(['a', 'b']);
  });

  it.each([
    ['the scope operator and an operator_id', { scope: 'operator', operator_id: 'tow-17' }, 'tow-17'],
    ['an operator_id among other scopes', { scope: 'orders:read operator', operator_id: 'tow-17' }, 'tow-17'],
    ['an operator_id without the scope', { scope: 'orders:admin', operator_id: 'tow-17' }, null],
    ['the scope without an operator_id', { scope: 'operator' }, null],
    ['an empty operator_id', { scope: 'operator', operator_id: '' }, null],
    ['an operator_id that is not text', { scope: 'operator', operator_id: 17 }, null],
    ['an operator_id the store cannot keep', { scope: 'operator', operator_id: 'tow\u0000' }, null],
  ])('when the token has %s, then the caller acts as the operator %s', async (_, claims, operatorId) => {
    const caller = await authenticate(bearer(await signTestToken({ sub: 'app-7', ...claims })));

    expect(caller.operatorId).toBe(operatorId);
  });

  it('when the token has expired, then it is refused, even after it was accepted once', async () => {
    let now = Date.now();
    const verify = createTokenVerifier({ secret: SECRET, now: () => now });
    const token = await signTestToken();
    await verify(bearer(token));
    now += 11 * 60_000;
    await expect(verify(bearer(token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when the token has no sub, then it is refused', async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    await expect(authenticate(bearer(token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("when an issuer and audience are configured, then tokens must carry exactly those", async () => {
    const verify = createTokenVerifier({ secret: SECRET, issuer: 'https://id.example', audience: 'orders' });
    const sign = (iss: string, aud: string) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('s').setIssuer(iss).setAudience(aud)
        .setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
    await expect(verify(bearer(await sign('https://id.example', 'orders')))).resolves.toMatchObject({ subject: 's' });
    await expect(verify(bearer(await sign('https://evil.example', 'orders')))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verify(bearer(await sign('https://id.example', 'other')))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  const signAt = (claims: { iat?: number; nbf?: number; exp?: number }) => {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('s');
    if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
    if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(SECRET));
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('when the token has no exp, then it is refused: a token must expire', async () => {
    await expect(authenticate(bearer(await signAt({ iat: nowSeconds() })))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when the token was issued a day in the future, then it is refused', async () => {
    const token = await signAt({ iat: nowSeconds() + 86_400, exp: nowSeconds() + 2 * 86_400 });
    await expect(authenticate(bearer(token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when the token is not valid before a time beyond the tolerance, then it is refused', async () => {
    const token = await signAt({ nbf: nowSeconds() + 120, exp: nowSeconds() + 600 });
    await expect(authenticate(bearer(token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when the issuer’s clock is ahead within the tolerance, then its token is accepted', async () => {
    const verify = createTokenVerifier({ secret: SECRET, clockToleranceSeconds: 30 });
    const token = await signAt({ iat: nowSeconds() + 20, nbf: nowSeconds() + 20, exp: nowSeconds() + 600 });
    await expect(verify(bearer(token))).resolves.toMatchObject({ subject: 's' });
  });

  it('when a token expired within the tolerance, then it is still accepted, and not beyond it', async () => {
    const verify = createTokenVerifier({ secret: SECRET, clockToleranceSeconds: 30 });
    await expect(verify(bearer(await signAt({ exp: nowSeconds() - 10 })))).resolves.toMatchObject({ subject: 's' });
    await expect(verify(bearer(await signAt({ exp: nowSeconds() - 60 })))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when the token says alg none, then it is refused', async () => {
    const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const token = `${encode({ alg: 'none' })}.${encode({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 })}.`;
    await expect(authenticate(bearer(token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('asymmetric tokens from a JWKS', () => {
  let server: Server;
  let jwksUrl: string;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    server = createServer((_, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when an ES256 token is signed by a key of the JWKS, then it is accepted', async () => {
    const verify = createTokenVerifier({ jwksUrl });
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setSubject('mobile-app')
      .setExpirationTime('5m').sign(privateKey);
    await expect(verify(bearer(token))).resolves.toMatchObject({ subject: 'mobile-app' });
  });

  it('when only a JWKS is configured, then HS256 tokens are refused', async () => {
    const verify = createTokenVerifier({ jwksUrl });
    await expect(verify(bearer(await signTestToken()))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
