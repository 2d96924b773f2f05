import { createContext, useContext, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { currentLanguage, LANGUAGE_KEY, type Language } from './language';

/** Form-check messages (zod) in the screen's language: a field's error reads Thai or English with the rest. */
const applyZodLanguage = (language: Language) => z.config(language === 'en' ? z.locales.en() : z.locales.th());
applyZodLanguage(currentLanguage());

/** Thai by default, English on a switch (issue 11). One dictionary; missing English falls back to Thai. */
const TH = {
  'app.title': 'Sabai หลังบ้าน',
  'signin.title': 'เข้าสู่ระบบเจ้าหน้าที่',
  'signin.username': 'ชื่อผู้ใช้',
  'signin.password': 'รหัสผ่าน',
  'signin.submit': 'เข้าสู่ระบบ',
  'signin.totp': 'รหัสจากแอปยืนยันตัวตน (6 หลัก)',
  'signin.totp.submit': 'ยืนยัน',
  'signin.enrol': 'สแกนคิวอาร์นี้ด้วยแอปยืนยันตัวตน (Google Authenticator, Aegis, 1Password) แล้วกรอกรหัส 6 หลัก',
  'signin.secret': 'หรือกรอกรหัสลับ',
  'password.title': 'ตั้งรหัสผ่านของคุณ',
  'password.current': 'รหัสผ่านปัจจุบัน (รหัสผ่านใช้ครั้งเดียว)',
  'password.new': 'รหัสผ่านใหม่ (อย่างน้อย 12 ตัว)',
  'password.submit': 'บันทึกรหัสผ่าน',
  'nav.dashboard': 'ภาพรวม',
  'nav.settings': 'ตั้งค่าเว็บไซต์',
  'nav.withdrawals': 'คำขอถอนเงิน',
  'nav.members': 'สมาชิก',
  'nav.deposits': 'ยอดฝากรอตรวจสอบ',
  'nav.outbox': 'งานเบื้องหลัง',
  'nav.audit': 'บันทึกการใช้งาน',
  'nav.staff': 'เจ้าหน้าที่',
  'nav.protection': 'การดูแลผู้เล่น',
  'signout': 'ออกจากระบบ',
  'withdrawals.approve': 'อนุมัติ',
  'withdrawals.reject': 'ปฏิเสธ',
  'withdrawals.reason': 'เหตุผล (สมาชิกจะเห็นข้อความนี้)',
  'withdrawals.empty': 'ไม่มีรายการ',
  'col.time': 'เวลา',
  'col.member': 'สมาชิก',
  'col.amount': 'จำนวนเงิน',
  'col.bank': 'บัญชีรับเงิน',
  'col.status': 'สถานะ',
  'col.actions': 'ดำเนินการ',
  'deposits.assign': 'เข้าบัญชีสมาชิก',
  'deposits.refund': 'คืนเงินผู้โอน',
  'deposits.phone': 'เบอร์สมาชิก',
  'deposits.note': 'หมายเหตุ',
  'audit.verify': 'ตรวจความถูกต้องของบันทึก',
  'audit.sound': 'บันทึกครบถ้วน ไม่ถูกแก้ไข',
  'staff.create': 'เพิ่มเจ้าหน้าที่',
  'staff.role': 'บทบาท',
  'staff.created': 'รหัสผ่านใช้ครั้งเดียว (แสดงครั้งเดียว ส่งให้เจ้าหน้าที่ทางช่องทางที่ปลอดภัย)',
  'outbox.retry': 'ส่งใหม่',
  'save': 'บันทึก',
  'cancel': 'ยกเลิก',
  'language': 'English',
} as const;
type Key = keyof typeof TH;
const EN: Partial<Record<Key, string>> = {
  'app.title': 'Sabai back office',
  'signin.title': 'Staff sign-in',
  'signin.username': 'Username',
  'signin.password': 'Password',
  'signin.submit': 'Sign in',
  'signin.totp': 'Code from your authenticator app (6 digits)',
  'signin.totp.submit': 'Verify',
  'signin.enrol': 'Scan this QR code with an authenticator app (Google Authenticator, Aegis, 1Password), then enter the 6-digit code',
  'signin.secret': 'or enter the secret',
  'password.title': 'Set your password',
  'password.current': 'Current (one-time) password',
  'password.new': 'New password (at least 12 characters)',
  'password.submit': 'Save password',
  'nav.dashboard': 'Dashboard',
  'nav.settings': 'Site settings',
  'nav.withdrawals': 'Withdrawals',
  'nav.members': 'Members',
  'nav.deposits': 'Held deposits',
  'nav.outbox': 'Background jobs',
  'nav.audit': 'Audit trail',
  'nav.staff': 'Staff',
  'nav.protection': 'Player protection',
  'signout': 'Sign out',
  'withdrawals.approve': 'Approve',
  'withdrawals.reject': 'Reject',
  'withdrawals.reason': 'Reason (the member sees it)',
  'withdrawals.empty': 'Nothing here',
  'col.time': 'Time',
  'col.member': 'Member',
  'col.amount': 'Amount',
  'col.bank': 'Pay to',
  'col.status': 'Status',
  'col.actions': 'Actions',
  'deposits.assign': 'Credit a member',
  'deposits.refund': 'Refund the sender',
  'deposits.phone': 'Member phone',
  'deposits.note': 'Note',
  'audit.verify': 'Verify the audit chain',
  'audit.sound': 'The chain is sound: nothing changed',
  'staff.create': 'Add staff',
  'staff.role': 'Role',
  'staff.created': 'One-time password (shown once; hand it over securely)',
  'outbox.retry': 'Send again',
  'save': 'Save',
  'cancel': 'Cancel',
  'language': 'ภาษาไทย',
};

const I18nContext = createContext<{ t: (key: Key) => string; language: Language; toggle: () => void }>({ t: (key) => TH[key], language: 'th', toggle: () => undefined });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const t = (key: Key) => (language === 'en' ? (EN[key] ?? TH[key]) : TH[key]);
  const toggle = () => {
    const next = language === 'th' ? 'en' : 'th';
    localStorage.setItem(LANGUAGE_KEY, next);
    document.documentElement.lang = next;
    applyZodLanguage(next);
    setLanguage(next);
  };
  return <I18nContext.Provider value={{ t, language, toggle }}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
