import './index.css';
import { mountMemberApp } from './app/mount-member-app.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { applyStoredTheme } from './lib/stored-site-settings.ts';

/** Entry of app.html, the member app's first load (`/user/…`): no landing code on the way. */
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');
void mountMemberApp(container);
registerServiceWorker();
