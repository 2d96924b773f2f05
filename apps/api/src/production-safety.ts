import type { AppConfig } from './config.ts';

/**
 * Values published in this repository (defaults, the quick start, the docs). A production process
 * that uses one of them has a secret everybody knows (issue 13 §2).
 */
export const PUBLISHED_DEFAULT_SECRETS: readonly string[] = [
  'sabai-demo-admin-token-change-me',
  'sandbox-agent-secret-change-me',
  'sandbox-dev-key',
  'sandbox-feed-secret-change-me',
  'sandbox-line-channel-secret-change-me',
  'sandbox-line-access-token-change-me',
  'test-bank-token-secret-0123456789abcdef',
  'test-admin-token-0123456789abcdef',
  'test-feed-secret-0123456789',
  'test-sandbox-key',
];

/**
 * Every reason a production process must not start (issue 13 §2, "fail closed"): a secret that
 * is missing or equals a published default. Feed-source secrets live in the database and are
 * checked there (modules/feed-sources). Empty when `NODE_ENV` is not production.
 */
export function productionConfigProblems(config: AppConfig, env: Record<string, string | undefined>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secrets: Array<[name: string, value: string | undefined]> = [
    ['BANK_TOKEN_SECRET', config.BANK_TOKEN_SECRET],
    ['STAFF_TOKEN_SECRET', config.STAFF_TOKEN_SECRET],
    // These have quick-start defaults: in production they must be set explicitly.
    ['GAME_PARTNER_AGENT_SECRET', env.GAME_PARTNER_AGENT_SECRET],
    ['SANDBOX_API_KEY', env.SANDBOX_API_KEY],
    ['SANDBOX_FEED_SECRET', env.SANDBOX_FEED_SECRET],
    ['LINE_CHANNEL_SECRET', env.LINE_CHANNEL_SECRET],
    ['LINE_CHANNEL_ACCESS_TOKEN', env.LINE_CHANNEL_ACCESS_TOKEN],
  ];
  for (const [name, value] of secrets) {
    if (value === undefined || value === '') problems.push(`${name} is required in production`);
    else if (PUBLISHED_DEFAULT_SECRETS.includes(value)) problems.push(`${name} is a published default; set a secret of your own`);
  }
  if (!config.LINE_LINK_PAGE_URL) problems.push('LINE_LINK_PAGE_URL is required in production (the member site\'s profile page LINE users are sent to)');
  return problems;
}
