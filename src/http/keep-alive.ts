// An SSE comment line: clients and proxies see traffic, EventSource and graphql-sse ignore it.
export const SSE_PING = new TextEncoder().encode(':\n\n');

/**
 * An event stream's body with a comment sent whenever it has been silent for `ms`: proxies and
 * load balancers close connections that stay idle, which a quiet order's stream would be.
 */
export function withKeepAlive(body: ReadableStream<Uint8Array>, ms: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  let arm = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          try {
            controller.enqueue(SSE_PING);
            arm();
          } catch {
            // Closed meanwhile.
          }
        }, ms);
      };
      arm();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        clearTimeout(timer);
        return controller.close();
      }
      controller.enqueue(value);
      arm();
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
}
