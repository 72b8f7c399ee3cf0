import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restBody, startTestService, type TestService } from '../support/service.js';

interface Entry {
  level: number;
  msg: string;
  code?: string;
  status?: number;
  err?: { stack?: string };
  [key: string]: unknown;
}

const DEBUG = 20;
const ERROR = 50;

// The service's log, read back line by line, at the level that shows clients' failures.
const lines: string[] = [];
const entries = (): Entry[] => lines.map((line) => JSON.parse(line) as Entry);
const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });

// A clock that stops when told: whatever reads the time then fails, as the service never expects.
let clockStopped = false;
const clock = () => {
  if (clockStopped) throw new Error('the clock stopped');
  return new Date();
};

const BAD_TOKEN = 'Bearer not.a-valid.token-0123456789';
const body = restBody();
const CREATE_ORDER = `mutation { createOrder(input: {
  originLatitude: ${body.originLatitude}, originLongitude: ${body.originLongitude},
  destinationLatitude: ${body.destinationLatitude}, destinationLongitude: ${body.destinationLongitude},
  serviceCode: TOWING, phoneNumber: "${body.phoneNumber}", vehicleIdentification: "${body.vehicleIdentification}"
}) { __typename } }`;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ log, clock });
});
afterAll(() => service.close());
beforeEach(() => {
  lines.length = 0;
});

const faces = {
  'REST': (auth?: string) => service.rest(body, { auth }),
  'GraphQL by POST': (auth?: string) => service.gql(CREATE_ORDER, {}, { auth }),
  'GraphQL by GET': (auth?: string) =>
    service.call(`/graphql?${new URLSearchParams({ query: '{ __typename }' })}`, { auth, headers: { accept: 'application/json' } }),
};

describe.each(Object.entries(faces))('the log of %s', (_, send) => {
  it('when the token is bad, then the refusal is logged once, at debug, by code and status, with no stack and no token', async () => {
    const response = await send(BAD_TOKEN);

    expect(response.status).toBe(401);
    const logged = entries();
    expect(logged).toEqual([expect.objectContaining({ level: DEBUG, code: 'UNAUTHENTICATED', status: 401 })]);
    expect(logged[0]).not.toHaveProperty('err');
    expect(logged[0]).not.toHaveProperty('stack');
    expect(lines.join('')).not.toContain('not.a-valid.token');
  });
});

describe.each(Object.entries(faces).slice(0, 2))('the log of %s', (_, send) => {
  it('when the service fails in a way it does not expect, then that is logged once at error, with its stack and no personal data', async () => {
    clockStopped = true;
    const response = await send().finally(() => (clockStopped = false));

    expect(response.text).not.toContain('the clock stopped');

    const errors = entries().filter((entry) => entry.level >= ERROR);
    expect(errors).toEqual([expect.objectContaining({ msg: 'unexpected error' })]);
    expect(errors[0]!.err?.stack).toContain('the clock stopped');
    const text = lines.join('');
    for (const personal of [body.phoneNumber, body.vehicleIdentification, service.token]) expect(text).not.toContain(personal);
  });
});

describe('the log of GraphQL operation limits', () => {
  it('when the same operation over a limit comes twice, then each refusal is logged once at debug, although yoga validates it once', async () => {
    const deep = `query { __schema { types { fields { type { ${'ofType { '.repeat(25)}name${' }'.repeat(25)} } } } } }`;

    for (const _ of [1, 2]) expect((await service.gql(deep)).status).toBe(400);

    expect(entries()).toEqual([
      expect.objectContaining({ level: DEBUG, code: 'OPERATION_LIMIT_EXCEEDED', status: 400 }),
      expect.objectContaining({ level: DEBUG, code: 'OPERATION_LIMIT_EXCEEDED', status: 400 }),
    ]);
  });
});
