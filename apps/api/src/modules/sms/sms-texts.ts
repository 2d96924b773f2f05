/**
 * The Thai SMS texts (issue 27 §1: name the site, never ask to share the code). A code SMS reads
 * `[Sabai] รหัส OTP สำหรับสมัครสมาชิกคือ 123456 ใช้ได้ 5 นาที ห้ามบอกรหัสนี้กับผู้ใด เจ้าหน้าที่ไม่มีวันขอรหัสนี้`.
 */
export type CodePurpose = 'registration' | 'password_reset' | 'phone_change_old' | 'phone_change_new';

const WHAT: Record<CodePurpose, string> = {
  registration: 'สมัครสมาชิก',
  password_reset: 'ตั้งรหัสผ่านใหม่',
  phone_change_old: 'เปลี่ยนเบอร์โทรศัพท์ (เบอร์เดิม)',
  phone_change_new: 'เปลี่ยนเบอร์โทรศัพท์ (เบอร์ใหม่)',
};

/** What replaces the code in the text staff see. */
export const MASKED_CODE = '••••••';

/** The code SMS, and the same text with the code masked (for staff). */
export function codeSmsText(siteName: string, purpose: CodePurpose, code: string, validMinutes: number): { text: string; masked: string } {
  const make = (shown: string) => `[${siteName}] รหัส OTP สำหรับ${WHAT[purpose]}คือ ${shown} ใช้ได้ ${validMinutes} นาที ห้ามบอกรหัสนี้กับผู้ใด เจ้าหน้าที่ไม่มีวันขอรหัสนี้`;
  return { text: make(code), masked: make(MASKED_CODE) };
}

/** Notices that carry no secret (account changes the member should know about). */
export type NoticeKind = 'password_reset' | 'password_reset_by_staff' | 'phone_changed';

export function noticeSmsText(siteName: string, kind: NoticeKind): string {
  const body = {
    password_reset: 'รหัสผ่านของบัญชีคุณถูกเปลี่ยนแล้ว และทุกอุปกรณ์ถูกออกจากระบบ หากคุณไม่ได้ทำรายการนี้ กรุณาติดต่อฝ่ายบริการทันที',
    password_reset_by_staff: 'เจ้าหน้าที่ได้ตั้งรหัสผ่านใหม่ให้บัญชีของคุณตามที่แจ้งไว้ และทุกอุปกรณ์ถูกออกจากระบบ หากคุณไม่ได้ขอ กรุณาติดต่อฝ่ายบริการทันที',
    phone_changed: 'เบอร์โทรศัพท์ของบัญชีคุณถูกเปลี่ยนแล้ว หากคุณไม่ได้ทำรายการนี้ กรุณาติดต่อฝ่ายบริการทันที',
  }[kind];
  return `[${siteName}] ${body}`;
}
