import { describe, expect, it } from 'vitest';
import th from '../locales/th.json';
import { i18next } from './i18n.ts';
import { translate } from './translate.ts';

/** Every string key of th.json with a sample value for each of its placeholders. */
function stringKeys(node: unknown, prefix = ''): { key: string; values: Record<string, string> }[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [];
  return Object.entries(node).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    if (typeof value !== 'string') return stringKeys(value, `${key}.`);
    const names = [...value.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((match) => match[1] as string);
    return [{ key, values: Object.fromEntries(names.map((placeholder) => [placeholder, `<${placeholder} 1,234.50>`])) }];
  });
}

describe('translate (the landing translator without i18next)', () => {
  const keys = stringKeys(th);

  it('says what i18next says for every string of th.json, placeholders filled', () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const { key, values } of keys) expect(translate(key, values), key).toBe(i18next.t(key, values));
  });

  it('says what i18next says without values', () => {
    for (const { key } of keys) expect(translate(key), key).toBe(i18next.t(key));
  });

  it('falls back to defaultValue, then to the key, for a missing key like i18next', () => {
    expect(translate('categories.NOPE', { defaultValue: 'NOPE' })).toBe(i18next.t('categories.NOPE', { defaultValue: 'NOPE' }));
    expect(translate('no.such.key')).toBe(i18next.t('no.such.key'));
    expect(translate('landing')).toBe('landing');
  });

  it('leaves a placeholder without a value as i18next does', () => {
    const withPlaceholder = keys.find(({ values }) => Object.keys(values).length > 0);
    if (!withPlaceholder) throw new Error('th.json has no placeholder');
    expect(translate(withPlaceholder.key, { unrelated: 1 })).toBe(i18next.t(withPlaceholder.key, { unrelated: 1 }));
  });
});
