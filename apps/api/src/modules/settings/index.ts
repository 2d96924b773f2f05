/** Site settings for staff (issue 11 "Settings"). */
export { registerSettingsRoutes } from './routes.ts';
export { readEditableSettings, updateSiteSettings } from './update-site-settings.ts';
