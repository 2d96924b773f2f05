/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts and docs/adr/0014)
 * once the page has loaded, so installing it never competes with the first load. Production
 * builds only: the dev server has no /sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The site works without it (no offline page, no installed shell): say why, go on.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
