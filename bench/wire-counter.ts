import net from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that counts what the clients send, by reading the frontend
 * side of the wire protocol: every simple query ('Q') and every extended-protocol Execute ('E')
 * is one statement run; a Parse ('P') carries the SQL text (node-postgres sends one per unnamed
 * statement). Used only to count the statements of one API call (bench/http-bench.ts).
 */
export interface WireCounter {
  port: number;
  /** Statements executed since the last reset. */
  statements(): number;
  /** Milliseconds between a Sync or simple Query and the server's ReadyForQuery, summed: time spent waiting on PostgreSQL (round trip included). */
  databaseMs(): number;
  /** SQL texts parsed since the last reset, first 120 characters, with counts. */
  texts(): Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export async function startWireCounter(target: { host: string; port: number }): Promise<WireCounter> {
  let statements = 0;
  let databaseMs = 0;
  let texts = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let isStarted = false;
    let serverBuffer = Buffer.alloc(0);
    const pending: number[] = [];
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!isStarted) {
          // The startup message (or an SSL request) has no type byte: int32 length, then the body.
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) isStarted = true;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0] ?? 0);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const body = buffer.subarray(5, 1 + length);
        if (type === 'Q' || type === 'E') statements += 1;
        if (type === 'Q' || type === 'S') pending.push(performance.now());
        const sql = type === 'Q' ? body.toString('utf8').replace(/\0.*$/s, '') : type === 'P' ? (body.toString('utf8').split('\0')[1] ?? '') : null;
        if (sql !== null) {
          const key = sql.replace(/\s+/g, ' ').trim().slice(0, 120);
          texts.set(key, (texts.get(key) ?? 0) + 1);
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      serverBuffer = Buffer.concat([serverBuffer, chunk]);
      // The server side is framed from its first message (authentication requests included).
      while (serverBuffer.length >= 5) {
        const length = serverBuffer.readInt32BE(1);
        if (serverBuffer.length < 1 + length) break;
        if (serverBuffer[0] === 0x5a) {
          const sentAt = pending.shift();
          if (sentAt !== undefined) databaseMs += performance.now() - sentAt;
        }
        serverBuffer = serverBuffer.subarray(1 + length);
      }
    });
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', closeBoth).on('error', closeBoth);
    upstream.on('close', closeBoth).on('error', closeBoth);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    statements: () => statements,
    databaseMs: () => databaseMs,
    texts: () => texts,
    reset() {
      statements = 0;
      databaseMs = 0;
      texts = new Map();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
