/**
 * The `demo` module: the demo site's seed: a believable operator, members, channels and promotions for the
 * quick start (never in production).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { DEMO_APP_ID, DEMO_MEMBER, seedDemoSite } from './seed-demo-site.ts';
