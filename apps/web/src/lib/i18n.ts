import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import th from '../locales/th.json';

/**
 * i18next as the site used it until docs/adr/0028 (Thai, the default and only required language,
 * spec §1). The site translates with lib/translate.ts; translate.test.ts checks it against this.
 */
void i18next.use(initReactI18next).init({
  lng: 'th',
  fallbackLng: 'th',
  resources: { th: { translation: th } },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export { i18next };
