import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const OWN_SECRETS = {
  BANK_TOKEN_SECRET: 'a-bank-token-secret-of-our-own-0123456789',
  STAFF_TOKEN_SECRET: 'a-staff-token-secret-of-our-own-0123456789',
  GAME_PARTNER_AGENT_SECRET: 'a-partner-secret-of-our-own-0123',
  SANDBOX_API_KEY: 'a-sandbox-key-of-our-own',
  SANDBOX_FEED_SECRET: 'a-feed-secret-of-our-own-0123',
  LINE_CHANNEL_SECRET: 'a-line-channel-secret-of-our-own',
  LINE_CHANNEL_ACCESS_TOKEN: 'a-line-access-token-of-our-own-0123',
  LINE_LINK_PAGE_URL: 'https://member.example/user/profile',
};

describe('production fails closed (issue 13 §2)', () => {
  it('refuses to start without its secrets, naming every one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /BANK_TOKEN_SECRET is required.*STAFF_TOKEN_SECRET is required.*GAME_PARTNER_AGENT_SECRET is required.*SANDBOX_API_KEY is required.*SANDBOX_FEED_SECRET is required.*LINE_CHANNEL_SECRET is required.*LINE_CHANNEL_ACCESS_TOKEN is required.*LINE_LINK_PAGE_URL is required/,
    );
  });

  it.each([
    ['GAME_PARTNER_AGENT_SECRET', 'sandbox-agent-secret-change-me'],
    ['SANDBOX_API_KEY', 'sandbox-dev-key'],
    ['SANDBOX_FEED_SECRET', 'sandbox-feed-secret-change-me'],
    ['LINE_CHANNEL_SECRET', 'sandbox-line-channel-secret-change-me'],
    ['LINE_CHANNEL_ACCESS_TOKEN', 'sandbox-line-access-token-change-me'],
  ])('refuses %s set to the published default', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS, [name]: value })).toThrow(new RegExp(`${name} is a published default`));
  });

  it('starts with secrets of its own', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS }).NODE_ENV).toBe('production');
  });

  it('keeps the quick-start defaults outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).GAME_PARTNER_AGENT_SECRET).toBe('sandbox-agent-secret-change-me');
  });
});

describe('TRUST_PROXY (issue 13 §2)', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
  it('takes a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,2001:db8::/32' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '2001:db8::/32']);
  });
  it.each(['true', '1', '*', '10.0.0.0/33', 'proxy.example'])('refuses %s (never trust everything, only addresses)', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
