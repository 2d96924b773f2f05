/**
 * A small Server-Sent Events parser (the WHATWG "event stream" format), for streams read with
 * fetch() because EventSource cannot send the X-Api-Key and Authorization headers.
 *
 * Feed it text as it arrives, in chunks of any size; it calls `onEvent` once per complete event.
 * Lines end with LF, CRLF or CR (a CR at the end of one chunk and an LF at the start of the next
 * are one line end). Lines starting with ':' are comments (keep-alives) and are ignored. An event
 * with no data lines is not dispatched, as in the standard.
 */
export interface SseEvent {
  /** The `event:` field; "message" when the event named none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream, or null. */
  id: string | null;
}

export interface SseParser {
  push(chunk: string): void;
}

/** Longest line kept in memory: a stream that never ends its line is refused, not buffered forever. */
export const MAX_SSE_LINE_CHARS = 64 * 1024;

export function createSseParser(onEvent: (event: SseEvent) => void, onRetry?: (retryMs: number) => void): SseParser {
  let line = '';
  let afterCarriageReturn = false;
  let eventName = '';
  let dataLines: string[] = [];
  let lastEventId: string | null = null;

  const dispatch = () => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n'), id: lastEventId });
    eventName = '';
    dataLines = [];
  };

  const processLine = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') eventName = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      for (const char of chunk) {
        if (afterCarriageReturn) {
          afterCarriageReturn = false;
          if (char === '\n') continue; // the LF of a CRLF split across chunks
        }
        if (char === '\r' || char === '\n') {
          afterCarriageReturn = char === '\r';
          processLine(line);
          line = '';
          continue;
        }
        line += char;
        if (line.length > MAX_SSE_LINE_CHARS) throw new RangeError('event-stream line too long');
      }
    },
  };
}
