import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { sharedDevelopmentSecret } from './development-secret.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

describe('the checkBank secret outside production (issue 10: several processes share one database)', () => {
  it('is one secret for every process on the database, even when they start at once', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => sharedDevelopmentSecret(db, 'bank_token')));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes two API processes agree, so checkBank on one and sign-up on the other work together', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const first = await buildApp(config, { db, logger: false, runJobs: false });
    const second = await buildApp(config, { db, logger: false, runJobs: false });
    try {
      expect(first.context.bankTokenSecret).toBe(second.context.bankTokenSecret);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  it('uses the configured secret when there is one', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BANK_TOKEN_SECRET: 'a-configured-secret-0123456789abcdef' });
    const built = await buildApp(config, { db, logger: false, runJobs: false });
    try {
      expect(built.context.bankTokenSecret).toBe('a-configured-secret-0123456789abcdef');
    } finally {
      await built.app.close();
    }
  });
});
