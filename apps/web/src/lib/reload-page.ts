/**
 * Loads the current address again (the opening-soon page once the site has opened: the page's
 * normal first load, with its settings, session checks and takeover, instead of patching the
 * page in place). Its own module so component tests can stand in for the browser's reload.
 */
export function reloadPage(): void {
  window.location.reload();
}
