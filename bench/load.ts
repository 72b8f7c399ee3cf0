import autocannon from 'autocannon';
import type { Answer, BenchRequest } from './requests.js';

export interface Load {
  connections: number;
  seconds: number;
}

/** Keeps `connections` connections busy sending `request` for `seconds`. */
export function load(url: string, request: BenchRequest, { connections, seconds }: Load): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    duration: seconds,
    ...(request.nextBody ? { requests: [{ setupRequest: (sent) => ({ ...sent, body: request.nextBody!() }) }] } : {}),
  });
}

export async function sendOnce(url: string, request: BenchRequest): Promise<Answer> {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return { status: response.status, body: await response.text() };
}
