/** One message of an event stream: its `event` field (`message` when none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads an event stream as its chunks come: messages end at a blank line, may be split anywhere
 * across chunks, and comments (`:` lines, the keep-alives) are not messages. Lines may end in
 * LF, CRLF or CR, as the format allows.
 */
export function eventStreamReader(onEvent: (event: StreamEvent) => void) {
  let pending = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0 || event) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split(/\r\n|\r(?!$)|\n/);
    pending = lines.pop()!;
    for (const text of lines) line(text);
  };
}
