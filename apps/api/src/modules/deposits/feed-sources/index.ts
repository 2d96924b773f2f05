/**
 * `deposits/feed-sources/` (part of the deposits module, issue 28 §1): the house-account phones and feeds that report bank credits: their secrets,
 * contact health and silence alarms.
 * The sub-folder's face inside the deposits module; other modules reach it through deposits/index.ts
 * (eslint: import-x/no-restricted-paths).
 */
export { authenticateFeedSource } from './authenticate-feed-source.ts';
export type { AuthenticatedFeedSource } from './authenticate-feed-source.ts';
export { recordFeedSourceContact } from './record-feed-source-contact.ts';
export { registerFeedSourceRoutes } from './routes.ts';
export { startSilenceAlarms } from './start-silence-alarms.ts';
