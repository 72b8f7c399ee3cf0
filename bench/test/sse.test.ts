import { describe, expect, it } from 'vitest';
import { eventStreamReader, type StreamEvent } from '../sse.js';

const reading = () => {
  const events: StreamEvent[] = [];
  return { events, feed: eventStreamReader((event) => events.push(event)) };
};

describe('eventStreamReader', () => {
  it('when a message comes whole, then its event and data are given once the blank line ends it', () => {
    const { events, feed } = reading();
    feed('event: next\ndata: {"data":{"orderUpdated":{"id":"1"}}}\n');
    expect(events).toEqual([]);
    feed('\n');
    expect(events).toEqual([{ event: 'next', data: '{"data":{"orderUpdated":{"id":"1"}}}' }]);
  });

  it('when a message is split anywhere across chunks, then it is read as one', () => {
    const { events, feed } = reading();
    for (const chunk of ['eve', 'nt: ne', 'xt\ndata: {"a"', ':1}\r', '\n\r\n', 'event: complete\ndata:\n\n']) feed(chunk);
    expect(events).toEqual([
      { event: 'next', data: '{"a":1}' },
      { event: 'complete', data: '' },
    ]);
  });

  it('when keep-alive comments come between messages, then they are no messages', () => {
    const { events, feed } = reading();
    feed(':\n\n: ping\n\nevent: next\ndata: x\n\n:\n\n');
    expect(events).toEqual([{ event: 'next', data: 'x' }]);
  });

  it('when a message has several data lines and no event, then they are joined and it is a plain message', () => {
    const { events, feed } = reading();
    feed('data: a\ndata:b\n\n');
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
