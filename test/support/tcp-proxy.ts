import { connect, createServer, type Socket } from 'node:net';

const RESET_SEEN_MS = 100;

interface Link {
  client: Socket;
  upstream?: Socket;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a server, so that a test can take the server away and
 * give it back without touching it: `cut` refuses new connections and resets the open ones, as a
 * stopped server does; `stall` keeps every connection open and silent, as a network that drops
 * packets does; `restore` forwards again, on the same port; `cutAtAnswerTo` lets the next
 * message that contains a text reach the server, and resets the connection when the server
 * answers it, so that the client never hears that answer (a statement applied, its client cut off).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const server = createServer(accept);
  const links = new Set<Link>();
  let stalled = false;
  let cutAtAnswer: { text: string; done: () => void } | undefined;

  function forward(link: Link) {
    if (!link.upstream) {
      link.upstream = connect(target.port, target.host);
      link.upstream.on('error', () => link.client.destroy());
      link.upstream.on('close', () => link.client.destroy());
    }
    if (!cutAtAnswer) {
      link.client.pipe(link.upstream);
      link.upstream.pipe(link.client);
      return;
    }
    // Watched: the bytes go through by hand, so that the answer to the watched text can be held.
    let armed = false;
    link.client.on('data', (chunk: Buffer) => {
      const watch = cutAtAnswer;
      if (watch && chunk.includes(watch.text)) armed = true;
      link.upstream!.write(chunk);
    });
    link.upstream.on('data', (chunk: Buffer) => {
      const watch = cutAtAnswer;
      if (armed && watch) {
        cutAtAnswer = undefined;
        link.client.resetAndDestroy();
        link.upstream!.destroy();
        watch.done();
        return;
      }
      link.client.write(chunk);
    });
    // A stream that was piped and unpiped stays paused until told otherwise.
    link.client.resume();
    link.upstream.resume();
  }

  function accept(client: Socket) {
    const link: Link = { client };
    links.add(link);
    client.on('error', () => {});
    client.on('close', () => {
      link.upstream?.destroy();
      links.delete(link);
    });
    if (!stalled) forward(link);
  }

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const port = await listen(0);

  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const { client } of links) client.resetAndDestroy();
      await closed;
      // The other ends learn of the resets a moment later: until then, a pool would hand out a
      // connection it does not know is gone, and a statement sent on it has an unknown outcome.
      await new Promise((resolve) => setTimeout(resolve, RESET_SEEN_MS));
    },
    stall() {
      stalled = true;
      for (const { client, upstream } of links) {
        client.unpipe();
        upstream?.unpipe();
      }
    },
    async restore() {
      stalled = false;
      for (const link of links) forward(link);
      if (!server.listening) await listen(port);
    },
    /** Resolves once a connection has been cut at the answer to a message containing `text`. */
    cutAtAnswerTo(text: string): Promise<void> {
      return new Promise((resolve) => {
        cutAtAnswer = { text, done: resolve };
        // Connections already open go through the watch too.
        for (const link of links) {
          link.client.unpipe();
          link.upstream?.unpipe();
          link.client.removeAllListeners('data');
          link.upstream?.removeAllListeners('data');
          forward(link);
        }
      });
    },
    async close() {
      await this.cut();
    },
  };
}
