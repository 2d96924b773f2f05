import { describe, expect, it } from 'vitest';
import th from '../locales/th.json';
import { translate, translateList } from './translate.ts';

/** Every string of th.json with its key and the names of its `{{placeholders}}`. */
function strings(node: unknown, prefix = ''): { key: string; template: string; placeholders: string[] }[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [];
  return Object.entries(node).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    if (typeof value !== 'string') return strings(value, `${key}.`);
    const placeholders = [...value.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((match) => match[1] as string);
    return [{ key, template: value, placeholders }];
  });
}

/**
 * lib/translate.ts replaced i18next (docs/adr/0028): dotted keys, `{{name}}` filled as given,
 * `defaultValue`, else the key. These hold it to that for every string of th.json, and fail on a
 * string that would need what i18next had and it has not (plurals, nesting, formats).
 */
describe('translate (the site translator, lib/translate.ts)', () => {
  const all = strings(th);

  it('gives every string of th.json by its dotted key, placeholders filled with the values as given', () => {
    expect(all.length).toBeGreaterThan(100);
    for (const { key, template, placeholders } of all) {
      const values = Object.fromEntries(placeholders.map((name) => [name, `<${name} 1,234.50 & "x">`]));
      const expected = placeholders.reduce((text, name) => text.replace(new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`), `<${name} 1,234.50 & "x">`), template);
      expect(translate(key, values), key).toBe(expected);
      expect(translate(key, values), key).not.toMatch(/\{\{/);
    }
  });

  it('gives the string as written without values', () => {
    for (const { key, template } of all) expect(translate(key), key).toBe(template);
  });

  it('fills numbers and leaves a placeholder without a value as it is', () => {
    expect(translate('no.such.key', { defaultValue: '{{count}} รายการ {{missing}}', count: 3 })).toBe('3 รายการ {{missing}}');
  });

  it('falls back to defaultValue, then to the key, for a missing key; a key naming a group is missing too', () => {
    expect(translate('categories.NOPE', { defaultValue: 'NOPE' })).toBe('NOPE');
    expect(translate('no.such.key')).toBe('no.such.key');
    expect(translate('landing')).toBe('landing');
  });

  it('th.json uses nothing the translator does not do: no plural keys, no nesting, no formats', () => {
    for (const { key, template } of all) {
      expect(key, key).not.toMatch(/_(zero|one|two|few|many|other|plural)$/);
      expect(template, key).not.toMatch(/\$t\(/);
      expect(template, key).not.toMatch(/\{\{[^}]*,[^}]*\}\}/);
    }
  });

  it('gives the strings of a list key in order (the deposit rules), and [] for a string, a group or a missing key', () => {
    const rules = translateList('deposit.rules');
    expect(rules).toEqual(th.deposit.rules);
    expect(rules.length).toBeGreaterThanOrEqual(6);
    expect(rules[0]).toBe('ไม่มีขั้นต่ำในการฝาก');
    expect(translateList('deposit.rulesTitle')).toEqual([]);
    expect(translateList('deposit')).toEqual([]);
    expect(translateList('no.such.list')).toEqual([]);
  });
});
