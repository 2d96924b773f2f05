/**
 * The `feed-sources` module: the house-account phones and feeds that report bank credits: their secrets,
 * contact health and silence alarms.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { authenticateFeedSource } from './authenticate-feed-source.ts';
export type { AuthenticatedFeedSource } from './authenticate-feed-source.ts';
export { recordFeedSourceContact } from './record-feed-source-contact.ts';
export { registerFeedSourceRoutes } from './routes.ts';
export { startSilenceAlarms } from './start-silence-alarms.ts';
