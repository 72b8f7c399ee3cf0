/** One Server-Sent Event, or a comment line (a keep-alive). */
export type SseItem = { event: string; data: string; id?: string } | { comment: string };

/**
 * The items of an event stream as they arrive, read from a fetch answer's body; `items` grows
 * while the stream is open. `close()` lets go of it.
 */
export function readStream(answer: Response) {
  const items: SseItem[] = [];
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          items.push(...parse(block));
        }
      }
    } catch {
      // Cancelled.
    } finally {
      ended = true;
    }
  })();
  return {
    items,
    events: (name = 'order') => items.flatMap((i) => ('event' in i && i.event === name ? [JSON.parse(i.data)] : [])),
    comments: () => items.filter((i) => 'comment' in i).length,
    get ended() {
      return ended;
    },
    async close() {
      await reader.cancel().catch(() => {});
      await done;
    },
  };
}

function parse(block: string): SseItem[] {
  const lines = block.split('\n');
  if (lines.every((l) => l.startsWith(':'))) return [{ comment: lines.join('\n') }];
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith(':')) continue;
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  return data.length || event !== 'message' ? [{ event, data: data.join('\n'), id }] : [];
}
