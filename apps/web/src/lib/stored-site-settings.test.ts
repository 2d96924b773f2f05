// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture } from '../test/fixtures.ts';
import { adoptPageSiteSettings, PAGE_SITE_SETTINGS_ID, readStoredSiteSettings, storeSiteSettings } from './stored-site-settings.ts';

/** app.html as the server sends it with the settings (apps/api plugins/static-files.ts withPageSiteSettings). */
const pageWith = (json: string) => {
  document.head.innerHTML = `<meta name="theme-color" content="#000000"><script type="application/json" id="${PAGE_SITE_SETTINGS_ID}">${json}</script>`;
};

describe('the settings app.html comes with (docs/adr/0050 addendum)', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.replaceChildren();
    document.documentElement.removeAttribute('style');
  });

  it('become the stored copy on a first visit, theme applied, so the home is drawn with them before any call', () => {
    const settings = { ...settingsFixture, siteName: 'ร้าน</script>', theme: { ...settingsFixture.theme, backgroundColor: '#101820' } };
    pageWith(JSON.stringify(settings).replace(/</g, '\\u003c'));
    expect(readStoredSiteSettings()).toBeNull();
    expect(adoptPageSiteSettings(document)).toBe(true);
    expect(readStoredSiteSettings()).toEqual(settings);
    expect(document.documentElement.style.getPropertyValue('--sabai-background')).toBe('#101820');
  });

  it("replace an older stored copy: the page's are the server's of this moment", () => {
    storeSiteSettings({ ...settingsFixture, siteName: 'old' });
    pageWith(JSON.stringify(settingsFixture));
    adoptPageSiteSettings(document);
    expect(readStoredSiteSettings()?.siteName).toBe(settingsFixture.siteName);
  });

  it('leave the stored copy as it is without a block (the dev server, a site not open) or with a block of another shape', () => {
    storeSiteSettings(settingsFixture);
    expect(adoptPageSiteSettings(document)).toBe(false);
    pageWith('{"siteName": 1}');
    expect(adoptPageSiteSettings(document)).toBe(false);
    pageWith('{not json');
    expect(adoptPageSiteSettings(document)).toBe(false);
    expect(readStoredSiteSettings()).toEqual(settingsFixture);
  });
});
