import { connect, createServer, type Socket } from 'node:net';

interface Link {
  client: Socket;
  upstream?: Socket;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a server, so that a test can take the server away and
 * give it back without touching it: `cut` refuses new connections and resets the open ones, as a
 * stopped server does; `stall` keeps every connection open and silent, as a network that drops
 * packets does; `restore` forwards again, on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const server = createServer(accept);
  const links = new Set<Link>();
  let stalled = false;

  function forward(link: Link) {
    if (!link.upstream) {
      link.upstream = connect(target.port, target.host);
      link.upstream.on('error', () => link.client.destroy());
      link.upstream.on('close', () => link.client.destroy());
    }
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
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
    async close() {
      await this.cut();
    },
  };
}
