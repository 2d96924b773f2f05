/**
 * Whether the server said the site is not set up yet (issue 24 §1): until the owner has created
 * and opened the site, `GET /v2/prefix` and every member call answer
 * `503 { success: false, code: 'SITE_NOT_SET_UP', message: <Thai> }`. Whichever call hears it
 * first (lib/public-site-settings.ts on a first load, lib/api.ts in the member app) reports it
 * here, and every page shows the "opening soon" page instead of itself (app/opening-soon/).
 *
 * Plain module state without React Query or the contracts, so the first loads of `/`,
 * `/user/login` and `/user/home` can read it (docs/adr/0014); without React too, so the signed-in
 * home's first load does not load React for it (docs/adr/0050 addendum; the hook is in
 * lib/use-site-opening.ts). Not stored anywhere: it is only
 * ever what the server answered during this page load, and stays until the page reloads.
 * SITE_CLOSED (maintenance) is not this: it keeps its own handling.
 */

/** The error code of packages/contracts/src/errors.ts, by value: its first loads may not import the contracts' values. */
export const SITE_NOT_SET_UP_CODE = 'SITE_NOT_SET_UP';

/** What the opening-soon page shows: the server's Thai message. Null while the site is open (or not known to be closed). */
let notSetUpMessage: string | null = null;
const listeners = new Set<() => void>();

function publish(): void {
  for (const listener of listeners) listener();
}

/** A response body of the API that says the site is not set up yet (any HTTP status: the code decides). */
export function isSiteNotSetUpAnswer(body: unknown): body is { code: typeof SITE_NOT_SET_UP_CODE; message: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { success, code, message } = body as Record<string, unknown>;
  return success !== true && code === SITE_NOT_SET_UP_CODE && typeof message === 'string';
}

export const siteOpening = {
  /** The server's message while the site is not set up, else null. */
  notSetUpMessage: (): string | null => notSetUpMessage,

  /** The server answered SITE_NOT_SET_UP with `message`. */
  reportNotSetUp(message: string): void {
    if (notSetUpMessage === message) return;
    notSetUpMessage = message;
    publish();
  },

  /**
   * Forgets what the server said, as a new page load does. The page itself never goes back: once
   * the site opens, the opening-soon page reloads into it (app/opening-soon/opening-soon-page.tsx),
   * so every page starts from its normal first load. Tests start each case with this.
   */
  forget(): void {
    if (notSetUpMessage === null) return;
    notSetUpMessage = null;
    publish();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
