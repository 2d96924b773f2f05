/**
 * The `site` module: the site's settings as members see them (spec `v2/prefix`), cached per process, and
 * whether the site is open.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { createSiteSettingsCache, isSiteOpen, toSiteSettings } from './get-site-settings.ts';
export type { SiteSettingsCache, SiteSettingsRow } from './get-site-settings.ts';
export { publicSiteSettings, registerSiteRoutes } from './routes.ts';
