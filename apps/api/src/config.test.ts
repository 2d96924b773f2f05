import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the quick-start defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: '.data', NAME_INQUIRY_PROVIDER: 'sandbox', RATE_LIMIT_SCALE: 1 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('keeps a member waiting for their money lock at most 3 s (issue 24 §3)', () => {
    expect(loadConfig({}).MEMBER_LOCK_WAIT_MS).toBe(3_000);
    expect(() => loadConfig({ MEMBER_LOCK_WAIT_MS: '3001' })).toThrow(/MEMBER_LOCK_WAIT_MS/);
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });

  it('reads METRICS_ALLOW as addresses and CIDRs (empty: loopback only) and refuses anything else', () => {
    expect(loadConfig({}).METRICS_ALLOW).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.5.0/24, 2001:db8::7 ' }).METRICS_ALLOW).toEqual(['10.0.5.0/24', '2001:db8::7']);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.5.0/24,prometheus.internal' })).toThrow(/METRICS_ALLOW.*prometheus\.internal/);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
  });

  it('requires real secrets in production (every one named: production-safety.test.ts)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BANK_TOKEN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', BANK_TOKEN_SECRET: 'x'.repeat(32) })).toThrow(/STAFF_TOKEN_SECRET/);
  });
});
