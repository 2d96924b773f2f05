import th from '../locales/th.json';

/**
 * Thai strings without i18next, for the code a visitor's first load of `/` runs: the landing page
 * and the shared components it renders (shell, slide-ins, modals, promotion cards). i18next and
 * react-i18next are 24 kB gzip; the landing's whole budget is 100 kB (docs/adr/0014).
 *
 * It does what lib/i18n.ts configures i18next to do with these resources: dotted keys,
 * `{{name}}` interpolation without escaping (React escapes), `defaultValue` for a missing key,
 * otherwise the key itself. translate.test.ts checks it against i18next for every key of th.json.
 * The member app keeps i18next for its own components; a component both load translates here.
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

const translation = { t: translate };

/** Drop-in for react-i18next's `useTranslation()` where only `t` is used. */
export function useTranslation(): { t: Translate } {
  return translation;
}
