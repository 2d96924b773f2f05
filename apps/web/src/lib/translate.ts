import th from '../locales/th.json';

/**
 * Thai strings without i18next, for the whole site: the landing page (docs/adr/0014) and, since
 * docs/adr/0028, the member app too. i18next and react-i18next are 17 kB gzip and an init on
 * every first load, for a site with one language and no plurals.
 *
 * It does what the site used i18next for: dotted keys, `{{name}}` interpolation without escaping
 * (React escapes), `defaultValue` for a missing key, otherwise the key itself. i18next is no longer
 * a dependency (docs/adr/0030); translate.test.ts checks every key of th.json, and a string that
 * would need more (plurals, nesting, formats) makes that test fail first.
 */
export type TranslationValues = Record<string, unknown> & { defaultValue?: string };
export type Translate = (key: string, values?: TranslationValues) => string;

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function lookUp(key: string): unknown {
  let node: unknown = th;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export const translate: Translate = (key, values) => {
  const found = lookUp(key);
  const template = typeof found === 'string' ? found : (values?.defaultValue ?? key);
  if (!values) return template;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
};

/**
 * The strings of a list in th.json (e.g. `deposit.rules`, spec §2 dialogs 8 and 9), in order.
 * `translate` gives strings only (a list key comes back as the key itself), so a list is read
 * through this; a missing key, or a key naming a string or a group, gives `[]`.
 */
export function translateList(key: string): string[] {
  const found = lookUp(key);
  return Array.isArray(found) ? found.filter((item): item is string => typeof item === 'string') : [];
}

const translation = { t: translate };

/** Drop-in for react-i18next's `useTranslation()` where only `t` is used. */
export function useTranslation(): { t: Translate } {
  return translation;
}
