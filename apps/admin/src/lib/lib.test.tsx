import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@sabai/contracts';
import { bahtFromText } from './baht-input';
import { serverMessage } from './server-messages';
import { FOREGROUND_WINDOW_MS, isBackground, markActivity } from './activity';
import { endsSession } from './api';

describe('typed baht (issue 25 §4: no NaN anywhere)', () => {
  it.each([
    ['1500', 1500], ['1,500.50', 1500.5], [' 0.01 ', 0.01], ['100000', 100000],
  ])('reads %j as %s', (text, baht) => expect(bahtFromText(text)).toBe(baht));

  it.each([[''], ['abc'], ['12.345'], ['-5'], ['1e3'], ['0'], ['NaN'], ['Infinity'], ['1.2.3'], ['๑๐๐']])('refuses %j (null, never NaN)', (text) => {
    expect(bahtFromText(text)).toBeNull();
  });

  it('takes 0 only when asked to', () => expect(bahtFromText('0', { allowZero: true })).toBe(0));
});

describe('server messages in English mode', () => {
  it('has English for every refusal code of the API', () => {
    for (const code of ERROR_CODES) expect(serverMessage(code, 'ข้อความ', 'en'), code).not.toMatch(/^ข้อความ$/);
  });

  it('keeps Thai in Thai mode, and the server\'s detail after the English when it says more than the standard wording', () => {
    expect(serverMessage('STATE_CONFLICT', 'รายการนี้ถูกดำเนินการไปแล้ว', 'th')).toBe('รายการนี้ถูกดำเนินการไปแล้ว');
    expect(serverMessage('STATE_CONFLICT', 'รายการนี้ถูกดำเนินการไปแล้ว', 'en')).toBe('This item was already handled');
    expect(serverMessage('VALIDATION_FAILED', 'วันหมดอายุต้องอยู่หลังเวลาปัจจุบัน', 'en')).toBe('Invalid data: check it and try again (วันหมดอายุต้องอยู่หลังเวลาปัจจุบัน)');
    expect(serverMessage('SOMETHING_NEW', 'ข้อความใหม่', 'en')).toBe('ข้อความใหม่');
  });
});

describe('the session on the client', () => {
  it('ends only on 401 UNAUTHENTICATED, never on a wrong password or code', () => {
    expect(endsSession(401, 'UNAUTHENTICATED')).toBe(true);
    expect(endsSession(401, undefined)).toBe(true);
    expect(endsSession(401, 'STAFF_INVALID_CREDENTIALS')).toBe(false);
    expect(endsSession(401, 'STAFF_INVALID_TOTP')).toBe(false);
    expect(endsSession(403, 'STAFF_FORBIDDEN')).toBe(false);
  });

  it('counts a request as the person\'s own only within a few seconds of a key or pointer press', () => {
    markActivity(1_000_000);
    expect(isBackground(1_000_000 + FOREGROUND_WINDOW_MS)).toBe(false);
    expect(isBackground(1_000_000 + FOREGROUND_WINDOW_MS + 1)).toBe(true);
  });
});
