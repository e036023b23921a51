import { describe, expect, it } from 'vitest';
import { parseEvents } from './unread-stream';

describe('parseEvents', () => {
  it('splits complete events and keeps the unfinished rest', () => {
    const text = 'retry: 5000\n\n: keep-alive\n\nevent: unread\ndata: {"total":2}\n\nevent: unr';
    const { events, rest } = parseEvents(text);
    expect(events).toEqual([{ event: 'unread', data: '{"total":2}' }]);
    expect(rest).toBe('event: unr');
  });

  it('reads CRLF line ends and multi-line data', () => {
    expect(parseEvents('data: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
