import { ERRORS } from '@sabai/contracts';
import { describe, expect, it } from 'vitest';
import {
  NO_BANK_SELECTED,
  digitsOnly,
  validateBankStep,
  validateConfirmStep,
  validateLogin,
  validateNewPassword,
  validateOneTimeCode,
  validatePhoneNumber,
  validatePhoneStep,
} from './validation.ts';

describe('login check (spec §5)', () => {
  it('accepts a 10-character phone with a password', () => {
    expect(validateLogin({ phoneNumber: '0812345678', password: 'secret1' })).toBeNull();
  });

  it('refuses an empty phone, an empty password or a phone that is not 10 characters with one message', () => {
    const message = 'เบอร์โทรศัพท์ หรือ รหัสผ่าน ไม่ถูกต้อง';
    expect(validateLogin({ phoneNumber: '', password: 'secret1' })).toBe(message);
    expect(validateLogin({ phoneNumber: '0812345678', password: '' })).toBe(message);
    expect(validateLogin({ phoneNumber: '081234567', password: 'secret1' })).toBe(message);
    expect(validateLogin({ phoneNumber: '08123456789', password: 'secret1' })).toBe(message);
  });
});

describe('register step 1: phone and password', () => {
  const valid = { phoneNumber: '0812345678', password: 'secret1', confirmPassword: 'secret1' };

  it('lets a 10-digit phone with matching passwords continue', () => {
    expect(validatePhoneStep(valid)).toBeNull();
  });

  it('refuses a phone that is not 10 digits with the spec message', () => {
    expect(validatePhoneStep({ ...valid, phoneNumber: '081234567' })).toBe('เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกใหม่');
    expect(validatePhoneStep({ ...valid, phoneNumber: '' })).toBe('เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกใหม่');
  });

  it('refuses a password shorter than 6 characters', () => {
    expect(validatePhoneStep({ ...valid, password: '123', confirmPassword: '123' })).toBe('รหัสผ่านต้องมี 6 ถึง 64 ตัวอักษร');
  });

  it('refuses a confirmation that differs from the password', () => {
    expect(validatePhoneStep({ ...valid, confirmPassword: 'secret2' })).toBe('รหัสผ่านและยืนยันรหัสผ่านไม่ตรงกัน');
  });
});

describe('register step 2: bank and account number (spec §5)', () => {
  const message = 'กรุณากรอกข้อมูลให้ครบก่อนกดยืนยัน';

  it('accepts a chosen bank with a 10- or 12-digit account', () => {
    expect(validateBankStep({ bankCode: '004', accountNumber: '1234567890' })).toBeNull();
    expect(validateBankStep({ bankCode: '004', accountNumber: '123456789012' })).toBeNull();
  });

  it('refuses when no bank is chosen (select value -1)', () => {
    expect(validateBankStep({ bankCode: NO_BANK_SELECTED, accountNumber: '1234567890' })).toBe(message);
  });

  it('refuses an account number of 11 digits or fewer than 10', () => {
    expect(validateBankStep({ bankCode: '004', accountNumber: '12345678901' })).toBe(message);
    expect(validateBankStep({ bankCode: '004', accountNumber: '123456789' })).toBe(message);
  });
});

describe('register step 3: names', () => {
  it('accepts Thai names', () => {
    expect(validateConfirmStep({ firstName: 'สมชาย', lastName: 'ใจดี' })).toBeNull();
  });

  it('checks a typed name as the server does: Thai or Latin letters (docs/adr/0040)', () => {
    expect(validateConfirmStep({ firstName: 'Somchai', lastName: 'Jaidee', isTyped: true })).toBeNull();
    expect(validateConfirmStep({ firstName: 'สมชาย2', lastName: 'ใจดี', isTyped: true })).toBe('กรุณากรอกชื่อและนามสกุลเป็นตัวอักษรภาษาไทยหรือภาษาอังกฤษ ให้ตรงกับชื่อบัญชีธนาคาร');
    expect(validateConfirmStep({ firstName: ' ', lastName: 'ใจดี', isTyped: true })).toBe('กรุณากรอกชื่อและนามสกุล');
  });

  it.each([
    ['', 'กรุณากรอกวันเดือนปีเกิดให้ถูกต้อง (ปี ค.ศ.-เดือน-วัน)'],
    ['2006-11-26', 'ขออภัย ผู้สมัครต้องมีอายุ 20 ปีบริบูรณ์ขึ้นไป'],
    ['2006-11-25', null],
  ])('checks the date of birth %j on 2026-11-25 (issue 12: 20 years)', (dateOfBirth, expected) => {
    expect(validateConfirmStep({ firstName: 'สมชาย', lastName: 'ใจดี', dateOfBirth, today: '2026-11-25' })).toBe(expected);
  });

  it('refuses a missing name', () => {
    expect(validateConfirmStep({ firstName: '', lastName: 'ใจดี' })).toBe('กรุณากรอกชื่อและนามสกุล');
  });
});

describe('digit-only inputs', () => {
  it('drops spaces and dashes and caps the length', () => {
    expect(digitsOnly('081-234 5678', 10)).toBe('0812345678');
    expect(digitsOnly('1234567890123', 12)).toBe('123456789012');
  });
});

describe('one-time code and new password (issue 27)', () => {
  it('accepts exactly six digits and refuses anything else with the contract message', () => {
    expect(validateOneTimeCode('012345')).toBeNull();
    for (const code of ['', '12345', '1234567', '12345a', ' 12345']) expect(validateOneTimeCode(code)).toBe(ERRORS.CODE_INVALID.message);
  });

  it('holds a reset password to the sign-up rules', () => {
    expect(validateNewPassword({ password: 'new-pass-1', confirmPassword: 'new-pass-1' })).toBeNull();
    expect(validateNewPassword({ password: 'abc', confirmPassword: 'abc' })).toBe(ERRORS.PASSWORD_RULES.message);
    expect(validateNewPassword({ password: 'new-pass-1', confirmPassword: 'new-pass-2' })).toBe(ERRORS.PASSWORD_MISMATCH.message);
  });

  it('refuses a phone that is not ten digits', () => {
    expect(validatePhoneNumber('0812345678')).toBeNull();
    expect(validatePhoneNumber('081234567')).toBe(ERRORS.INVALID_PHONE.message);
  });
});
