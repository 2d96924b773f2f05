// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MANIFEST_TEMPLATE_ID } from './manifest-template.ts';
import { linkKeptManifest } from './service-worker.ts';

/** A page as app.html is built: the manifest link kept in a template at the end of the body. */
function pageWithKeptManifest(): Document {
  const page = document.implementation.createHTMLDocument('app');
  page.body.innerHTML = `<div id="root"></div><template id="${MANIFEST_TEMPLATE_ID}"><link rel="manifest" href="/manifest.webmanifest"></template>`;
  return page;
}

describe('the web app manifest app.html keeps until the page is idle (docs/adr/0050 third addendum)', () => {
  it('puts the kept manifest link into <head>, once, and lets go of its template', () => {
    const page = pageWithKeptManifest();
    expect(page.head.querySelector('link[rel="manifest"]')).toBeNull();
    linkKeptManifest(page);
    linkKeptManifest(page);
    const links = page.head.querySelectorAll('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/manifest.webmanifest');
    expect(page.getElementById(MANIFEST_TEMPLATE_ID)).toBeNull();
  });

  it('leaves a page without a kept manifest (the landing and login pages link theirs in <head>) as it is', () => {
    const page = document.implementation.createHTMLDocument('landing');
    page.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    linkKeptManifest(page);
    expect(page.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
  });
});
