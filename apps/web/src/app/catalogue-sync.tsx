import { useEffect } from 'react';
import { catalogueStore } from '../features/games/catalogue-store.ts';
import { useSiteSettings } from '../lib/site-settings.ts';

/** Spec §1: when the site settings arrive, choose the game catalogue from settings.Partner. */
export function CatalogueSync() {
  const { settings, isFresh } = useSiteSettings();
  const partner = isFresh ? settings?.Partner : undefined;
  useEffect(() => {
    if (partner !== undefined) catalogueStore.chooseFor(partner);
  }, [partner]);
  return null;
}
