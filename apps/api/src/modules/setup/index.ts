/**
 * The `setup` module's face (issue 24 §1): the checklist a new operator walks on a fresh production
 * database, and the owner's "open the site". Nothing outside the module imports its inner files.
 */
export { getSetupChecklist } from './get-setup-checklist.ts';
export { openSite } from './open-site.ts';
export { registerSetupRoutes } from './routes.ts';
