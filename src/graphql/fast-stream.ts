import type { ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { getSSEProcessor, isAsyncIterable, processRegularResult, type FetchAPI, type GraphQLParams, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import { OpenEventStream } from '../http/event-stream.js';
import type { OperationNote } from '../http/observation.js';
import type { PlainRequest } from '../http/plain.js';
import { TOKEN_HEADER } from './event-streams.js';
import { CAPTURE, directOperation, operationRequest, resolvedOrGiven, type Captured } from './fast-post.js';
import type { TrustedDocuments } from './trusted-documents.js';

const COMPLETE = Buffer.from('event: complete\ndata:\n\n');
const EVENT_STREAM = /text\/event-stream/i;

export interface FastStreamDeps {
  yoga: Pick<YogaServerInstance<object, object>, 'getResultForParams'>;
  log: Logger;
  keepAliveMs: number;
  /** The resolver of a request's document (trusted-documents.ts). */
  documents?: Pick<TrustedDocuments, 'enabled' | 'resolve'>;
  /**
   * Counts one more live subscription than the operations running (one subscriber more in a
   * group than the one its operation counts); the function answered ends it.
   */
  joined?: () => () => void;
}

/** Subscribers of one and the same operation, served by the first one's results. */
interface Group {
  key: string;
  members: Set<OpenEventStream>;
  /** Counted live subscriptions beyond the one the operation counts: one per subscriber past the first. */
  extras: (() => void)[];
  /** The last event sent, which a subscriber joining gets first. */
  last: Uint8Array | null;
  /** What the first one's operation wrote in its note. */
  note: OperationNote | undefined;
  stop(): void;
}

/**
 * Subscriptions in GraphQL over SSE's distinct connections mode (a POST of one JSON operation
 * with `Accept: text/event-stream`), served without yoga's HTTP layer, as fast-post.ts serves the
 * usual POST: the operation runs through yoga's operation stage (`getResultForParams`) and each
 * result is written to the socket as the protocol's `next` event, then `complete`. yoga would pass
 * each event through web streams (its own, then the keep-alive's, then node's adapter), which
 * with thousands of subscribers cost more than everything else an event takes.
 *
 * Subscribers asking exactly the same (the same document, operation name and variables, with the
 * same token) are multiplexed, as GraphQL servers with live queries do: the first one's operation
 * runs, and every one of them is written its events, made into bytes once. The same token is the
 * same caller with the same rights and expiry, so each gets what its own operation would have
 * given; one who joins gets the last event sent first (the order as the watch last read it), then
 * the next ones. A result that is not a stream (an error before any event, a query asked as a
 * stream) is answered by yoga's own processor. Requests of the single connection mode (a reserved
 * stream's token in a header or the URL), and from browser pages, are yoga's.
 */
export function createFastStream(deps: FastStreamDeps) {
  const { yoga, log, keepAliveMs } = deps;
  const groups = new Map<string, Group>();

  /** Whether the request was served here (else it is yoga's to serve); resolves once its stream has ended. */
  return async function streamDirectly(
    url: string,
    request: PlainRequest,
    body: unknown,
    res: ServerResponse,
    headers: Record<string, string>,
    note?: OperationNote,
  ): Promise<boolean> {
    if (!isEventStream(request.header('accept')) || url.includes('?') || request.header(TOKEN_HEADER) !== undefined) return false;
    const given = directOperation(request, body, deps.documents?.enabled);
    if (!given) return false;
    // Resolved before grouping: subscribers naming one document by id share its operation. A
    // refused one goes on as it came, for the operation stage to refuse again.
    const params = resolvedOrGiven(deps.documents, given);
    const key = groupKey(params, request.header('authorization'));
    const group = groups.get(key);
    if (group) return join(group, res, headers, note);

    let result: Awaited<ReturnType<typeof yoga.getResultForParams>>;
    try {
      result = await yoga.getResultForParams({ params, request: operationRequest(request) }, { note });
    } catch (error) {
      // yoga's operation stage answers its own failures as results; this is a defect, masked.
      log.error({ err: error }, 'graphql operation failed');
      res.writeHead(500, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ errors: [{ message: 'Unexpected error.' }] }));
      return true;
    }
    if (!isAsyncIterable(result)) {
      const first = result && 'errors' in result ? result.errors?.[0] : undefined;
      if (note && first) note.code = String(first.extensions?.code ?? 'ERROR');
      await answerOnce(result as ExecutionResult, res, headers);
      return true;
    }
    const iterator = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
    // Another one asking the same began meanwhile: one operation serves both.
    const begun = groups.get(key);
    if (begun) {
      void iterator.return?.();
      return join(begun, res, headers, note);
    }
    const started: Group = {
      key,
      members: new Set(),
      extras: [],
      last: null,
      note: note && { ...note },
      stop: () => void iterator.return?.()?.catch(() => {}),
    };
    groups.set(key, started);
    void pump(started, iterator);
    return member(started, res, headers);
  };

  /** Writes each result to every subscriber of the group, until the results end or no one is left. */
  async function pump(group: Group, iterator: AsyncIterator<ExecutionResult>): Promise<void> {
    let last: Uint8Array | undefined = COMPLETE;
    try {
      for (;;) {
        const step = await iterator.next();
        if (step.done) break;
        const frame = frameOf(step.value);
        group.last = frame;
        for (const stream of group.members) stream.send(frame);
      }
    } catch (error) {
      // The results answer every failure of theirs as a result: this is a defect. The streams end
      // without `complete`, and the clients come back.
      log.error({ err: error }, 'graphql subscription failed');
      last = undefined;
    }
    forget(group);
    for (const stream of group.members) stream.end(last);
  }

  /** No one joins the group any more (one asking the same again begins another). */
  function forget(group: Group): void {
    if (groups.get(group.key) === group) groups.delete(group.key);
  }

  function join(group: Group, res: ServerResponse, headers: Record<string, string>, note: OperationNote | undefined): Promise<boolean> {
    if (note && group.note) Object.assign(note, group.note);
    return member(group, res, headers, group.last);
  }

  /** `res` as one of the group's subscribers until it leaves or the group ends. */
  function member(group: Group, res: ServerResponse, headers: Record<string, string>, first?: Uint8Array | null): Promise<boolean> {
    const left = () => {
      if (group.members.size > 0) return;
      forget(group);
      group.stop();
    };
    // Gone while its operation ran: it never joins.
    if (res.destroyed) {
      left();
      return Promise.resolve(true);
    }
    const stream = new OpenEventStream(res, keepAliveMs, headers);
    group.members.add(stream);
    if (group.members.size > 1 && deps.joined) group.extras.push(deps.joined());
    if (first) stream.send(first);
    return new Promise((resolve) =>
      res.once('close', () => {
        group.members.delete(stream);
        group.extras.pop()?.();
        left();
        resolve(true);
      }),
    );
  }
}

/** The event of a result: its data is what yoga answers for the result alone (errors without their HTTP internals). */
function frameOf(result: ExecutionResult): Uint8Array {
  const data = (processRegularResult(result, CAPTURE, 'application/json') as unknown as Captured).body;
  return Buffer.from(`event: next\ndata: ${data}\n\n`);
}

/** What makes two subscriptions one and the same: the operation asked, and who asks it. */
function groupKey(params: GraphQLParams, authorization: string | undefined): string {
  const { documentId = null } = params as { documentId?: unknown };
  return JSON.stringify([params.query ?? documentId, params.operationName ?? null, params.variables ?? null, params.extensions ?? null, authorization ?? null]);
}

/** A result that is not a stream, answered as yoga answers it: one `next` event, then `complete`. */
async function answerOnce(result: ExecutionResult, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  const answer = await getSSEProcessor()(result, globalThis as unknown as FetchAPI, 'text/event-stream');
  res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), ...headers });
  for await (const chunk of answer.body ?? []) res.write(chunk);
  res.end();
}

/** yoga's test for an event stream asked for: the one type, charset aside. */
function isEventStream(accept: string | undefined): boolean {
  // Every POST passes here: most are turned away without a copy of their header.
  if (accept === undefined || !EVENT_STREAM.test(accept)) return false;
  const [type, ...parameters] = accept.replace(/\s/g, '').toLowerCase().split(';');
  return type === 'text/event-stream' && parameters.every((p) => p === 'charset=utf-8');
}
