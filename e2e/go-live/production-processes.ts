import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * The product started the way a new operator starts it on a fresh production database
 * (docs/operations/deployment.md; issue 24 §4): `npm run db:migrate`, `npm run staff:create`, then
 * `npm run api`, `npm run worker` and — as the bank and the house phone — `npm run sandbox`, each a
 * child process configured only by its environment (`NODE_ENV=production`, secrets of its own, the
 * staging switch because the game partner is still the sandbox's). Logs go to `logDir`.
 */
export interface ProductionSite {
  apiUrl: string;
  sandboxUrl: string;
  sandboxKey: string;
  databaseUrl: string;
  /** The first owner `staff:create` made: its one-time password as the command printed it. */
  owner: { username: string; oneTimePassword: string };
  /** Reads a process's log (for a failure message). */
  logOf(name: 'api' | 'worker' | 'sandbox'): string;
  close(): Promise<void>;
}

const secret = () => randomBytes(24).toString('base64url');

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs an npm script to its end; resolves its output, rejects with it on a non-zero exit. */
async function runScript(repoRoot: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`npm run ${args.join(' ')} exited ${code}:\n${output}`));
    });
  });
}

async function waitForHttp(url: string, what: string, child: ChildProcess, logPath: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${readFileSync(logPath, 'utf8').slice(-3_000)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms:\n${readFileSync(logPath, 'utf8').slice(-3_000)}`);
}

/**
 * Creates a new database on the PostgreSQL server of `serverUrl`, migrates it with the operator's
 * command, creates the first owner with `staff:create` and starts the sandbox, the API and the
 * worker in production mode.
 */
export async function startProductionSite(options: { repoRoot: string; serverUrl: string; logDir: string }): Promise<ProductionSite> {
  const { repoRoot, logDir } = options;
  mkdirSync(logDir, { recursive: true });
  const databaseName = `sabai_golive_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(options.serverUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();

  const [apiPort, sandboxPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandboxKey = secret();
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Our own secrets: production refuses a missing or published one.
    BANK_TOKEN_SECRET: secret(),
    STAFF_TOKEN_SECRET: secret(),
    GAME_PARTNER_AGENT_ID: 'golive-agent',
    GAME_PARTNER_AGENT_SECRET: secret(),
    SANDBOX_API_KEY: sandboxKey,
    SANDBOX_FEED_SECRET: secret(),
    LINE_CHANNEL_SECRET: secret(),
    LINE_CHANNEL_ACCESS_TOKEN: secret(),
    // The rails this operator chose: staff pay withdrawals, the house debit SMS confirms; members declare their names.
    PAYOUT_PROVIDER: 'manual',
    NAME_INQUIRY_PROVIDER: 'declared',
    // The game partner and LINE are the sandbox's (issue 30 brings a real aggregator): a staging site says so.
    GAME_PARTNER_PROVIDER: 'sandbox',
    // Sign-up and password-reset codes (issue 27 §2) go to the sandbox's SMS outbox, which the journey reads.
    // Sign-up codes by SMS through the operator's phone: the sandbox plays SMS Gateway for Android here.
    SMS_PROVIDER: 'sandbox',
    OTP_SECRET: secret(),
    ALLOW_SANDBOX_PROVIDERS: 'true',
    SANDBOX_URL: sandboxUrl,
    LINE_API_BASE_URL: sandboxUrl,
    LINE_ACCOUNT_LINK_URL: `${sandboxUrl}/line/dialog/bot/accountLink`,
    LINE_LINK_PAGE_URL: `${apiUrl}/user/profile`,
  };

  await runScript(repoRoot, ['db:migrate'], shared);
  const created = await runScript(repoRoot, ['staff:create', '--', '--username', 'owner.golive', '--role', 'owner'], shared);
  const oneTimePassword = /One-time password \(shown once\): (\S+)/.exec(created)?.[1];
  if (!oneTimePassword) throw new Error(`staff:create printed no one-time password:\n${created}`);

  const children: Array<{ name: 'api' | 'worker' | 'sandbox'; child: ChildProcess; logPath: string }> = [];
  const start = (name: 'api' | 'worker' | 'sandbox', env: NodeJS.ProcessEnv) => {
    const logPath = path.join(logDir, `${name}.log`);
    const fd = openSync(logPath, 'w');
    const child = spawn('npm', ['run', '--silent', name], { cwd: repoRoot, env: { ...shared, ...env }, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    children.push({ name, child, logPath });
    return { child, logPath };
  };
  const close = async () => {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once('exit', () => resolve());
            // npm runs the server as its child: signal the whole group.
            process.kill(-child.pid, 'SIGTERM');
            setTimeout(() => {
              if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
            }, 10_000).unref();
          }),
      ),
    );
    const drop = new pg.Client({ connectionString: options.serverUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await drop.end();
  };
  try {
    const sandbox = start('sandbox', { SANDBOX_PORT: String(sandboxPort), SABAI_API_URL: apiUrl });
    const api = start('api', { PORT: String(apiPort) });
    start('worker', {});
    await waitForHttp(`${sandboxUrl}/healthz`, 'the sandbox', sandbox.child, sandbox.logPath);
    await waitForHttp(`${apiUrl}/readyz`, 'the API', api.child, api.logPath);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    apiUrl,
    sandboxUrl,
    sandboxKey,
    databaseUrl,
    owner: { username: 'owner.golive', oneTimePassword },
    logOf: (name) => {
      const entry = children.find((candidate) => candidate.name === name);
      return entry ? readFileSync(entry.logPath, 'utf8') : '';
    },
    close,
  };
}
