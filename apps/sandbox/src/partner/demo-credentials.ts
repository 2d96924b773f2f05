/**
 * The agent credentials buildSandboxApp gives the game partner when none are configured; the
 * same defaults as Sabai's GAME_PARTNER_AGENT_ID / GAME_PARTNER_AGENT_SECRET (apps/api config).
 * Sandbox only: never a real credential.
 */
export const DEMO_PARTNER_AGENT_ID = 'sabai-demo-agent';
export const DEMO_PARTNER_AGENT_SECRET = 'sandbox-agent-secret-change-me';
