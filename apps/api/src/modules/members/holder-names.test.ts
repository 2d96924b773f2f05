import { describe, expect, it } from 'vitest';
import { compareHolderNames } from './holder-names.ts';

const somchai = { firstName: 'สมชาย', lastName: 'ใจดี' };
const latin = { firstName: 'Somchai', lastName: 'Jaidee' };

describe('a statement sender name against a typed holder name (docs/adr/0040)', () => {
  it.each([
    ['สมชาย ใจดี'],
    ['  สมชาย   ใจดี '],
    ['นาย สมชาย ใจดี'],
    ['นายสมชาย ใจดี'],
  ])('takes %s as the same Thai name (spaces, a glued or spaced title)', (sender) => {
    expect(compareHolderNames(sender, somchai)).toBe('same');
  });

  it.each([['SOMCHAI JAIDEE'], ['somchai jaidee'], ['MR SOMCHAI JAIDEE'], ['Mr. Somchai Jaidee'], ['MR.SOMCHAI JAIDEE']])(
    'takes %s as the same Latin name (case, titles)',
    (sender) => {
      expect(compareHolderNames(sender, latin)).toBe('same');
    },
  );

  it('drops the titles of women and children too', () => {
    expect(compareHolderNames('นางสาวสมหญิง รักไทย', { firstName: 'สมหญิง', lastName: 'รักไทย' })).toBe('same');
    expect(compareHolderNames('น.ส. สมหญิง รักไทย', { firstName: 'สมหญิง', lastName: 'รักไทย' })).toBe('same');
    expect(compareHolderNames('นาง สมหญิง รักไทย', { firstName: 'สมหญิง', lastName: 'รักไทย' })).toBe('same');
    expect(compareHolderNames('ด.ช.สมปอง ดีใจ', { firstName: 'สมปอง', lastName: 'ดีใจ' })).toBe('same');
    expect(compareHolderNames('MISS MALEE SUKSAI', { firstName: 'Malee', lastName: 'Suksai' })).toBe('same');
    expect(compareHolderNames('MRS MALEE SUKSAI', { firstName: 'Malee', lastName: 'Suksai' })).toBe('same');
    expect(compareHolderNames('MS MALEE SUKSAI', { firstName: 'Malee', lastName: 'Suksai' })).toBe('same');
  });

  it('keeps a first name that only starts like a title', () => {
    expect(compareHolderNames('นายิกา ศรีสุข', { firstName: 'นายิกา', lastName: 'ศรีสุข' })).toBe('same');
    expect(compareHolderNames('นางสาว นายิกา ศรีสุข', { firstName: 'นายิกา', lastName: 'ศรีสุข' })).toBe('same');
  });

  it('takes a name the bank truncated or masked, when the first name and two letters of the last are shown', () => {
    expect(compareHolderNames('SOMCHAI JAIDE', latin)).toBe('same');
    expect(compareHolderNames('SOMCHAI JA***', latin)).toBe('same');
    expect(compareHolderNames('นาย สมชาย ใจ**', somchai)).toBe('same');
    expect(compareHolderNames('SOMCHAI JA.', latin)).toBe('same');
  });

  it('cannot tell from too little of the last name, or none, or only a mask', () => {
    expect(compareHolderNames('SOMCHAI J*', latin)).toBe('undecidable');
    expect(compareHolderNames('SOMCHAI', latin)).toBe('undecidable');
    expect(compareHolderNames('SOMCH', latin)).toBe('undecidable');
    expect(compareHolderNames('*****', latin)).toBe('undecidable');
  });

  it('does not guess a transliteration: a Latin name against a Thai one is undecidable', () => {
    expect(compareHolderNames('MR SOMCHAI JAIDEE', somchai)).toBe('undecidable');
    expect(compareHolderNames('สมชาย ใจดี', latin)).toBe('undecidable');
  });

  it('finds another person different', () => {
    expect(compareHolderNames('สมศักดิ์ ใจดี', somchai)).toBe('different');
    expect(compareHolderNames('สมชาย ใจร้าย', somchai)).toBe('different');
    expect(compareHolderNames('SOMCHAI JAIDEEX', latin)).toBe('different');
    expect(compareHolderNames('SOMCHAIX JAIDEE', latin)).toBe('different');
    expect(compareHolderNames('JAIDEE SOMCHAI', latin)).toBe('different');
  });
});
