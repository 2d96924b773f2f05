import { MANIFEST_TEMPLATE_ID } from './manifest-template.ts';

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts and docs/adr/0014)
 * once the page has loaded and then is idle (within IDLE_TIMEOUT_MS), so installing it never
 * competes with the first load: registering is a task of a few ms of a phone's main thread, which
 * the load event's own task made long on the signed-in home (issue 26 §4). Production builds only:
 * the dev server has no /sw.js.
 *
 * In the same idle task, app.html's web app manifest link goes into `<head>` (the build keeps it in
 * `<template id="app-manifest">`): the browser then asks for the manifest and its icon, which on
 * the signed-in home's first load shared the slow link with the first paint's files and the card's
 * calls (docs/adr/0050 third addendum). The landing and login pages link theirs in `<head>`.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    linkKeptManifest(document);
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The site works without it (no offline page, no installed shell): say why, go on.
      console.warn('service worker not registered', error);
    });
  };
  const registerWhenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(register, 0);
  };
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}

/** The most the registration waits for an idle period after the load. */
const IDLE_TIMEOUT_MS = 2_000;

/** Puts the manifest link app.html keeps in its template into `<head>`, once; nothing when there is none. */
export function linkKeptManifest(page: Document): void {
  const kept = page.getElementById(MANIFEST_TEMPLATE_ID);
  if (!(kept instanceof HTMLTemplateElement)) return;
  kept.remove();
  page.head.append(kept.content.cloneNode(true));
}
