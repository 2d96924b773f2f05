import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import th from '../locales/th.json';

/** Thai is the default and only required language (spec §1). */
void i18next.use(initReactI18next).init({
  lng: 'th',
  fallbackLng: 'th',
  resources: { th: { translation: th } },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export { i18next };
