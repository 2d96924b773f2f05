import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';

/** A Map-backed localStorage; the store reads it through lib/storage.ts. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

async function loadStore(initial: Record<string, string> = {}) {
  const storage = fakeStorage(initial);
  vi.stubGlobal('window', { localStorage: storage });
  vi.resetModules();
  const { catalogueStore } = await import('./catalogue-store.ts');
  return { catalogueStore, storage };
}

describe('catalogue store (spec §1: kept in the client and in local storage)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the default catalogue when nothing is stored', async () => {
    const { catalogueStore } = await loadStore();
    expect(catalogueStore.get().id).toBe('default');
  });

  it('chooses from settings.Partner, saves the choice and tells subscribers', async () => {
    const { catalogueStore, storage } = await loadStore();
    const listener = vi.fn();
    catalogueStore.subscribe(listener);
    expect(catalogueStore.chooseFor('Betflik').id).toBe('betflik');
    expect(catalogueStore.get().id).toBe('betflik');
    expect(storage.items.get(STORAGE_KEYS.gameCatalogue)).toBe('betflik');
    expect(listener).toHaveBeenCalledTimes(1);

    catalogueStore.chooseFor('Betflik'); // same choice: nobody is woken
    expect(listener).toHaveBeenCalledTimes(1);
    catalogueStore.chooseFor('sabai');
    expect(catalogueStore.get().id).toBe('default');
    expect(storage.items.get(STORAGE_KEYS.gameCatalogue)).toBe('default');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('opens with the stored choice on the next visit', async () => {
    const { catalogueStore } = await loadStore({ [STORAGE_KEYS.gameCatalogue]: 'betflik' });
    expect(catalogueStore.get().id).toBe('betflik');
  });

  it('ignores a corrupt stored value', async () => {
    const { catalogueStore } = await loadStore({ [STORAGE_KEYS.gameCatalogue]: 'toString' });
    expect(catalogueStore.get().id).toBe('default');
  });

  it('uses the stored site settings when no choice was saved yet', async () => {
    const settings = { siteName: 'Sabai', theme: {}, getNameBank: [], Partner: 'BETFLIK' };
    const { catalogueStore } = await loadStore({ [STORAGE_KEYS.siteSettings]: JSON.stringify(settings) });
    expect(catalogueStore.get().id).toBe('betflik');
  });
});
