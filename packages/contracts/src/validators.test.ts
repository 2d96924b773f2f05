import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  bangkokDate,
  parseDateOfBirth,
  isValidBankAccountNumber,
  isValidPassword,
  isValidDeclaredName,
  isValidPersonName,
  normalizeDeclaredName,
  isValidPhoneNumber,
  maskBankAccountNumber,
  maskPhoneNumber,
} from './validators.ts';

describe('phone number (spec §5, §9: exactly 10 digits)', () => {
  it.each(['0812345678', '0612345678', '0999999999'])('accepts %s', (phone) => {
    expect(isValidPhoneNumber(phone)).toBe(true);
  });
  it.each(['081234567', '08123456789', '081-234-567', '+66812345', '1812345678', '08123456a8', '', null, 812345678])(
    'refuses %s',
    (phone) => {
      expect(isValidPhoneNumber(phone)).toBe(false);
    },
  );
});

describe('bank account number (spec §9: 10 or 12 digits)', () => {
  it.each(['1234567890', '123456789012'])('accepts %s', (account) => {
    expect(isValidBankAccountNumber(account)).toBe(true);
  });
  it.each(['123456789', '12345678901', '1234567890123', '123-456-7890', '', undefined])('refuses %s', (account) => {
    expect(isValidBankAccountNumber(account)).toBe(false);
  });
});

describe('password and names', () => {
  it('bounds password length to 6..64', () => {
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidPassword('x'.repeat(64))).toBe(true);
    expect(isValidPassword('x'.repeat(65))).toBe(false);
  });
  it('accepts Thai and Latin names and refuses digits or markup', () => {
    expect(isValidPersonName('สมชาย')).toBe(true);
    expect(isValidPersonName('PHUCHONG SONG')).toBe(true);
    expect(isValidPersonName('<script>')).toBe(false);
    expect(isValidPersonName('123')).toBe(false);
    expect(isValidPersonName('')).toBe(false);
  });
});

describe('masking', () => {
  it('shows only the last four digits of an account and the ends of a phone', () => {
    expect(maskBankAccountNumber('1234567890')).toBe('xxxxxx7890');
    expect(maskBankAccountNumber('123456789012')).toBe('xxxxxxxx9012');
    expect(maskPhoneNumber('0812345678')).toBe('081***5678');
  });
});

describe('date of birth and age (issue 12: 20 years, docs/adr/0021)', () => {
  it.each([
    ['2006-11-25', '2026-11-25', 20],
    ['2006-11-26', '2026-11-25', 19],
    ['2006-11-24', '2026-11-25', 20],
    ['2004-02-29', '2024-02-28', 19],
    ['2004-02-29', '2024-02-29', 20],
    ['2005-02-28', '2025-02-28', 20],
    ['2004-02-29', '2025-02-28', 20],
    ['2004-02-29', '2025-03-01', 21],
    ['2030-01-01', '2026-11-25', -4],
  ] as const)('born %s is %s years old on %s', (born, today, age) => {
    expect(ageInYears(born, today)).toBe(age);
  });

  it.each(['', '1990-13-01', '1990-02-30', '15/01/1990', '1899-12-31', 'x'])('does not read %j as a date of birth', (value) => {
    expect(parseDateOfBirth(value)).toBeNull();
  });

  it('gives the Thai calendar date (UTC+7)', () => {
    expect(bangkokDate(new Date('2026-11-25T16:59:59Z'))).toBe('2026-11-25');
    expect(bangkokDate(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26');
  });
});

describe('typed holder name (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040)', () => {
  it.each(['สมชาย', 'ใจดี', 'ณัฐวุฒิ์', 'Somchai', "O'Neil", 'Mary Ann', 'Smith-Jones', 'J. Smith', '  สมชาย  '])('accepts %s', (name) => {
    expect(isValidDeclaredName(name)).toBe(true);
  });
  it.each(['', '   ', 'สมชาย1', 'Somchai2', 'สมชายSomchai', 'สม๙', '฿', 'Дмитрий', '😀', 'a'.repeat(61), '-Smith', null, 42])('refuses %s', (name) => {
    expect(isValidDeclaredName(name)).toBe(false);
  });
  it('stores a name trimmed with single spaces', () => {
    expect(normalizeDeclaredName('  Mary \t  Ann ')).toBe('Mary Ann');
  });
});
