/** The back office's language (Thai by default, English on the switch; kept in localStorage). */
export type Language = 'th' | 'en';
export const LANGUAGE_KEY = 'sabai.admin.lang';

/** The language chosen now (read outside React by the API client for `accept-language` and messages). */
export function currentLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'th';
  } catch {
    return 'th';
  }
}
