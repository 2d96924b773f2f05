/**
 * Asks for a picture before the page draws it (the same request as the `<img>`'s, so the image
 * cache answers that one). Resolves when it has loaded or failed; at once without an address.
 * The member app and the login page's first load warm the operator's logo this way: on
 * /user/login it is the largest thing drawn (Lighthouse's LCP element, docs/adr/0025, 0028).
 */
export function warmImage(url: string | null | undefined): Promise<void> {
  if (!url) return Promise.resolve();
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = url;
  });
}
