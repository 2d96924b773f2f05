import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { readStoredSiteSettings } from '../../lib/site-settings.ts';
import { readText, writeText } from '../../lib/storage.ts';
import { CATALOGUES, catalogueIdFor } from './catalogues/select-catalogue.ts';
import type { Catalogue, CatalogueId } from './catalogues/types.ts';

/**
 * The game catalogue in use (spec §1): chosen from settings.Partner when the site settings load,
 * kept here for React and in local storage so the next visit opens the right lobby at once.
 */
const isCatalogueId = (value: string | null): value is CatalogueId => value !== null && Object.hasOwn(CATALOGUES, value);

function initialId(): CatalogueId {
  const stored = readText(STORAGE_KEYS.gameCatalogue);
  if (isCatalogueId(stored)) return stored;
  const settings = readStoredSiteSettings();
  return catalogueIdFor(settings?.Partner);
}

let currentId: CatalogueId | null = null;
const listeners = new Set<() => void>();

const getId = (): CatalogueId => (currentId ??= initialId());

export const catalogueStore = {
  get: (): Catalogue => CATALOGUES[getId()],
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called with settings.Partner whenever the settings arrive from the server. */
  chooseFor(partner: string | null | undefined): Catalogue {
    const id = catalogueIdFor(partner);
    const previous = getId();
    writeText(STORAGE_KEYS.gameCatalogue, id);
    if (id !== previous) {
      currentId = id;
      for (const listener of listeners) listener();
    }
    return CATALOGUES[id];
  },
};

export function useCatalogue(): Catalogue {
  return useSyncExternalStore(catalogueStore.subscribe, catalogueStore.get);
}
