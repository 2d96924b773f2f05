import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './validation.ts';

describe('password change (spec §5)', () => {
  it('refuses when any of the three fields is empty', () => {
    const message = 'กรุณากรอกข้อมูลให้ครบทุกช่อง';
    expect(validatePasswordChange({ oldPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe(message);
    expect(validatePasswordChange({ oldPassword: 'abcdef', newPassword: '', confirmPassword: 'abcdef' })).toBe(message);
    expect(validatePasswordChange({ oldPassword: 'abcdef', newPassword: 'abcdefg', confirmPassword: '' })).toBe(message);
  });

  it('accepts a complete, matching change', () => {
    expect(validatePasswordChange({ oldPassword: 'abcdef', newPassword: 'ghijkl', confirmPassword: 'ghijkl' })).toBeNull();
  });

  it('refuses a new password that does not match its confirmation', () => {
    expect(validatePasswordChange({ oldPassword: 'abcdef', newPassword: 'ghijkl', confirmPassword: 'ghijkm' })).toBe(
      'รหัสผ่านและยืนยันรหัสผ่านไม่ตรงกัน',
    );
  });
});
