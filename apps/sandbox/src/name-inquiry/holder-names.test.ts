import { describe, expect, it } from 'vitest';
import { lookUpHolder } from './holder-names.ts';

describe('sandbox name inquiry', () => {
  it('gives the same Thai name for the same account every time', () => {
    const first = lookUpHolder('014', '1234567890');
    expect(first).toEqual(lookUpHolder('014', '1234567890'));
    expect(first.found).toBe(true);
  });

  it('says accounts ending in 9 do not exist', () => {
    expect(lookUpHolder('004', '1234567899')).toEqual({ found: false });
  });

  it('knows the demo member', () => {
    expect(lookUpHolder('004', '0401234567')).toEqual({ found: true, firstName: 'สมชาย', lastName: 'ใจดี' });
  });

  it('refuses malformed accounts', () => {
    expect(lookUpHolder('004', '12345')).toEqual({ found: false });
  });
});
