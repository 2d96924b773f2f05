import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.ts';

const parse = (...chunks: string[]) => {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser((event) => events.push(event), (ms) => retries.push(ms));
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
};

describe('SSE parser', () => {
  it('reads a named event with JSON data', () => {
    expect(parse('event: balance\ndata: {"reason":"deposit"}\n\n').events).toEqual([
      { event: 'balance', data: '{"reason":"deposit"}', id: null },
    ]);
  });

  it('ignores keep-alive comments and does not dispatch without data', () => {
    expect(parse(': keep-alive\n\n', ':\n\n', 'event: balance\n\n').events).toEqual([]);
  });

  it('joins an event split across chunks at any point, CRLF included', () => {
    const { events } = parse('eve', 'nt: bal', 'ance\r', '\ndata: {"reason":"with', 'drawal"}\r', '\n\r', '\n');
    expect(events).toEqual([{ event: 'balance', data: '{"reason":"withdrawal"}', id: null }]);
  });

  it('accepts bare CR line ends', () => {
    expect(parse('data: a\r\rdata: b\r\r').events.map((event) => event.data)).toEqual(['a', 'b']);
  });

  it('joins several data lines with a newline and defaults the name to message', () => {
    expect(parse('data: one\ndata:two\n\n').events).toEqual([{ event: 'message', data: 'one\ntwo', id: null }]);
  });

  it('keeps the last id and resets the event name after each event', () => {
    const { events } = parse('id: 7\nevent: balance\ndata: x\n\ndata: y\n\n');
    expect(events).toEqual([
      { event: 'balance', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
  });

  it('reports a numeric retry and ignores a bad one', () => {
    expect(parse('retry: 3000\nretry: soon\n\n').retries).toEqual([3000]);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    expect(parse('event: balance\ndata: {}\n').events).toEqual([]);
  });

  it('refuses a line that never ends', () => {
    const parser = createSseParser(() => undefined);
    expect(() => parser.push('data: '.padEnd(70_000, 'x'))).toThrow(RangeError);
  });
});
