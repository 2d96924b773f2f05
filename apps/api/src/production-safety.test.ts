import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { sandboxProvidersWarning } from './production-safety.ts';

const OWN_SECRETS = {
  BANK_TOKEN_SECRET: 'a-bank-token-secret-of-our-own-0123456789',
  STAFF_TOKEN_SECRET: 'a-staff-token-secret-of-our-own-0123456789',
  GAME_PARTNER_AGENT_SECRET: 'a-partner-secret-of-our-own-0123',
  SANDBOX_API_KEY: 'a-sandbox-key-of-our-own',
  SANDBOX_FEED_SECRET: 'a-feed-secret-of-our-own-0123',
  LINE_CHANNEL_SECRET: 'a-line-channel-secret-of-our-own',
  LINE_CHANNEL_ACCESS_TOKEN: 'a-line-access-token-of-our-own-0123',
  LINE_LINK_PAGE_URL: 'https://member.example/user/profile',
  OTP_SECRET: 'an-otp-secret-of-our-own-0123456789abcdef',
};
/** Real providers where this build has them; the staging switch for the roles that have none yet. */
const REAL_PROVIDERS = {
  NAME_INQUIRY_PROVIDER: 'declared',
  LINE_API_BASE_URL: 'https://api.line.me',
  LINE_ACCOUNT_LINK_URL: 'https://access.line.me/dialog/bot/accountLink',
  SMS_PROVIDER: 'sms-gateway',
  SMS_GATEWAY_USERNAME: 'operator-phone',
  SMS_GATEWAY_PASSWORD: 'an-sms-gateway-password',
  SMS_GATEWAY_SIGNING_KEY: 'an-sms-signing-key-of-our-own-0123',
};
const PRODUCTION = { NODE_ENV: 'production', ...OWN_SECRETS, ...REAL_PROVIDERS, ALLOW_SANDBOX_PROVIDERS: 'true' };

describe('production fails closed (issue 13 §2)', () => {
  it('refuses to start without its secrets, naming every one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /BANK_TOKEN_SECRET is required.*STAFF_TOKEN_SECRET is required.*GAME_PARTNER_AGENT_SECRET is required.*SANDBOX_API_KEY is required.*SANDBOX_FEED_SECRET is required.*LINE_CHANNEL_SECRET is required.*LINE_CHANNEL_ACCESS_TOKEN is required.*LINE_LINK_PAGE_URL is required/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OTP_SECRET is required/);
  });

  it('needs the SMS Gateway credentials and a webhook key of its own with SMS_PROVIDER=sms-gateway (issue 27 §2)', () => {
    const { SMS_GATEWAY_USERNAME: _user, SMS_GATEWAY_PASSWORD: _password, SMS_GATEWAY_SIGNING_KEY: _key, ...withoutSmsSecrets } = PRODUCTION;
    const start = () => loadConfig(withoutSmsSecrets);
    expect(start).toThrow(/SMS_GATEWAY_USERNAME is required in production/);
    expect(start).toThrow(/SMS_GATEWAY_PASSWORD is required in production/);
    expect(start).toThrow(/SMS_GATEWAY_SIGNING_KEY is required in production/);
    expect(() => loadConfig({ ...PRODUCTION, SMS_GATEWAY_SIGNING_KEY: 'sandbox-sms-signing-key-change-me' })).toThrow(/SMS_GATEWAY_SIGNING_KEY is a published default/);
    expect(loadConfig(PRODUCTION).SMS_GATEWAY_URL).toBe('https://api.sms-gate.app/3rdparty/v1');
  });

  it('refuses the sandbox SMS in production unless ALLOW_SANDBOX_PROVIDERS=true', () => {
    const start = () => loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_PROVIDERS: 'false', SMS_PROVIDER: 'sandbox' });
    expect(start).toThrow(/SMS_PROVIDER is the sandbox \(simulated SMS: one-time codes would reach nobody\); set it to sms-gateway, or set ALLOW_SANDBOX_PROVIDERS=true/);
    expect(loadConfig({ ...PRODUCTION, SMS_PROVIDER: 'sandbox' }).SMS_PROVIDER).toBe('sandbox');
  });

  it.each([
    ['GAME_PARTNER_AGENT_SECRET', 'sandbox-agent-secret-change-me'],
    ['SANDBOX_API_KEY', 'sandbox-dev-key'],
    ['SANDBOX_FEED_SECRET', 'sandbox-feed-secret-change-me'],
    ['LINE_CHANNEL_SECRET', 'sandbox-line-channel-secret-change-me'],
    ['LINE_CHANNEL_ACCESS_TOKEN', 'sandbox-line-access-token-change-me'],
  ])('refuses %s set to the published default', (name, value) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: value })).toThrow(new RegExp(`${name} is a published default`));
  });

  it('starts with secrets of its own', () => {
    expect(loadConfig(PRODUCTION).NODE_ENV).toBe('production');
  });

  it('keeps the quick-start defaults outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).GAME_PARTNER_AGENT_SECRET).toBe('sandbox-agent-secret-change-me');
  });
});

describe('production refuses sandbox providers (issue 24 §2)', () => {
  it('refuses the defaults, naming each variable and the values that exist', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS });
    expect(start).toThrow(/NAME_INQUIRY_PROVIDER is the sandbox \(simulated bank-account holder names\); set it to declared, or set ALLOW_SANDBOX_PROVIDERS=true/);
    expect(start).toThrow(/PAYOUT_PROVIDER is the sandbox/);
    expect(start).toThrow(/GAME_PARTNER_PROVIDER is the sandbox/);
    expect(start).toThrow(/SMS_PROVIDER is the sandbox/);
    expect(start).toThrow(/SLIP_VERIFY_PROVIDER is the sandbox \(simulated slip verification: any sandbox slip would credit\); set it to scb or kbank/);
    expect(start).toThrow(/LINE_API_BASE_URL is the sandbox \(unset: the sandbox's LINE\); set it to https:\/\/api\.line\.me/);
    expect(start).toThrow(/LINE_ACCOUNT_LINK_URL is the sandbox/);
  });

  it('accepts a real name check and LINE, refusing only the roles still on the sandbox', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS, ...REAL_PROVIDERS });
    expect(start).toThrow(/PAYOUT_PROVIDER is the sandbox/);
    expect(start).not.toThrow(/NAME_INQUIRY_PROVIDER|SMS_PROVIDER|LINE_API_BASE_URL|LINE_ACCOUNT_LINK_URL/);
  });

  it('refuses a bank\'s slip verification without its credentials (issue 28 §2)', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS, ALLOW_SANDBOX_PROVIDERS: 'true', ...env });
    expect(start({ SLIP_VERIFY_PROVIDER: 'scb' })).toThrow(/SLIP_SCB_API_KEY is required in production with SLIP_VERIFY_PROVIDER=scb/);
    expect(start({ SLIP_VERIFY_PROVIDER: 'kbank', SLIP_KBANK_CONSUMER_ID: 'consumer-id-1' })).toThrow(/SLIP_KBANK_CONSUMER_SECRET is required/);
    expect(start({ SLIP_VERIFY_PROVIDER: 'scb', SLIP_SCB_API_KEY: 'scb-key-123', SLIP_SCB_API_SECRET: 'scb-secret-123' })().SLIP_VERIFY_PROVIDER).toBe('scb');
  });

  it('starts a staging site with ALLOW_SANDBOX_PROVIDERS=true and says so at start', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...OWN_SECRETS, ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(sandboxProvidersWarning(config)).toBe(
      'staging: sandbox providers in use (ALLOW_SANDBOX_PROVIDERS=true): NAME_INQUIRY_PROVIDER, PAYOUT_PROVIDER, GAME_PARTNER_PROVIDER, SMS_PROVIDER, SLIP_VERIFY_PROVIDER, LINE_API_BASE_URL, LINE_ACCOUNT_LINK_URL; not for real members or real money',
    );
  });

  it('keeps quiet outside production, where the sandbox is the quick start', () => {
    expect(sandboxProvidersWarning(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
    expect(sandboxProvidersWarning(loadConfig({ NODE_ENV: 'development', ALLOW_SANDBOX_PROVIDERS: 'true' }))).toBeNull();
  });

  it('refuses a staging switch that is not true or false', () => {
    expect(() => loadConfig({ ALLOW_SANDBOX_PROVIDERS: 'yes' })).toThrow(/ALLOW_SANDBOX_PROVIDERS/);
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

describe('Hub88 seamless wallet in production (issue 30 §4)', () => {
  const HUB88 = { ...PRODUCTION, GAME_PARTNER_PROVIDER: 'hub88' };
  it('refuses to start with GAME_PARTNER_PROVIDER=hub88 without Hub88\'s public key, our private key, the operator id and the API URL', () => {
    const start = () => loadConfig(HUB88);
    expect(start).toThrow(/HUB88_PUBLIC_KEY is required in production with GAME_PARTNER_PROVIDER=hub88/);
    expect(start).toThrow(/HUB88_PRIVATE_KEY is required/);
    expect(start).toThrow(/HUB88_OPERATOR_ID is required/);
    expect(start).toThrow(/HUB88_API_URL is required/);
  });

  it('starts with them, and then needs no sandbox agent secret', () => {
    const { GAME_PARTNER_AGENT_SECRET: _agent, ...withoutAgent } = HUB88;
    const config = loadConfig({
      ...withoutAgent,
      HUB88_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----',
      HUB88_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
      HUB88_OPERATOR_ID: '42',
      HUB88_API_URL: 'https://api.hub88.io',
    });
    expect(config.GAME_PARTNER_PROVIDER).toBe('hub88');
    expect(config.HUB88_OPERATOR_ID).toBe(42);
    // `\n` escapes in one-line environment values become newlines.
    expect(config.HUB88_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----');
  });
});
