/**
 * The closed list of error codes of the member API (ARCHITECTURE.md "Wire conventions").
 *
 * Every refusal the API sends is one of these: `{ success: false, code, message, data: null }` with
 * the HTTP status and Thai message below. Messages quoted in the spec (§5, §8) are used verbatim;
 * the others are ours. Adding a code is a contract change: add it here, with its test.
 */
export const ERRORS = {
  VALIDATION_FAILED: { httpStatus: 400, message: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่' },
  /** Spec §5 login rule, and every wrong phone / password (never says which one was wrong). */
  INVALID_CREDENTIALS: { httpStatus: 401, message: 'เบอร์โทรศัพท์ หรือ รหัสผ่าน ไม่ถูกต้อง' },
  /** Spec §5 register step 1. */
  INVALID_PHONE: { httpStatus: 400, message: 'เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกใหม่' },
  /** Spec §5 register step 2 (bank not chosen, account not 10 or 12 digits). */
  INCOMPLETE_BANK_INFO: { httpStatus: 400, message: 'กรุณากรอกข้อมูลให้ครบก่อนกดยืนยัน' },
  /** Spec §5 password change: old, new and confirmation all required. */
  INCOMPLETE_FORM: { httpStatus: 400, message: 'กรุณากรอกข้อมูลให้ครบทุกช่อง' },
  PASSWORD_MISMATCH: { httpStatus: 400, message: 'รหัสผ่านและยืนยันรหัสผ่านไม่ตรงกัน' },
  PASSWORD_RULES: { httpStatus: 400, message: 'รหัสผ่านต้องมี 6 ถึง 64 ตัวอักษร' },
  /** Issue 27 §5: checkBank / signup without the X-Registration-Id header (a spec-era client skipped the code step). */
  REGISTRATION_REQUIRED: { httpStatus: 400, message: 'กรุณายืนยันเบอร์โทรศัพท์ด้วยรหัส OTP ที่ส่งทาง SMS ก่อน (ขั้นตอนที่ 1)' },
  /** Issue 27 §1: the registration exists but its phone code was not verified yet. */
  PHONE_NOT_VERIFIED: { httpStatus: 400, message: 'กรุณากรอกรหัส OTP ที่ส่งไปยังเบอร์โทรศัพท์ของคุณก่อน' },
  /** Issue 27 §1: unknown or expired registration. */
  REGISTRATION_EXPIRED: { httpStatus: 422, message: 'การสมัครสมาชิกหมดอายุ กรุณาเริ่มสมัครใหม่อีกครั้ง' },
  /** Issue 27 §1: a wrong one-time code (tries left are said in the message). */
  CODE_INVALID: { httpStatus: 422, message: 'รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่' },
  /** Issue 27 §1: the code's 5 minutes passed, or its 5 tries were used. */
  CODE_EXPIRED: { httpStatus: 422, message: 'รหัส OTP หมดอายุแล้ว กรุณาขอรหัสใหม่' },
  /** Issue 27 §1: a new code asked for before 60 seconds passed. */
  CODE_RESEND_TOO_SOON: { httpStatus: 429, message: 'กรุณารอสักครู่ก่อนขอรหัส OTP ใหม่' },
  /** One of the most common passwords (issue 13 §3.5; NIST SP 800-63B §5.1.1.2). */
  COMMON_PASSWORD: { httpStatus: 400, message: 'รหัสผ่านนี้คาดเดาง่ายเกินไป กรุณาตั้งรหัสผ่านใหม่' },
  NAME_REQUIRED: { httpStatus: 400, message: 'กรุณากรอกชื่อและนามสกุล' },
  PHONE_TAKEN: { httpStatus: 409, message: 'เบอร์โทรศัพท์นี้ถูกใช้สมัครสมาชิกแล้ว' },
  BANK_ACCOUNT_TAKEN: { httpStatus: 409, message: 'บัญชีธนาคารนี้ถูกใช้สมัครสมาชิกแล้ว' },
  BANK_ACCOUNT_NOT_FOUND: { httpStatus: 422, message: 'ไม่พบบัญชีธนาคารนี้ กรุณาตรวจสอบธนาคารและเลขบัญชี' },
  BANK_TOKEN_INVALID: { httpStatus: 422, message: 'การตรวจสอบบัญชีธนาคารหมดอายุ กรุณาตรวจสอบบัญชีอีกครั้ง' },
  NAME_MISMATCH: { httpStatus: 422, message: 'ชื่อ-นามสกุลต้องตรงกับชื่อบัญชีธนาคาร' },
  /** Sign-up without name inquiry (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040): a typed name that is not Thai or Latin letters, or too long. */
  HOLDER_NAME_INVALID: { httpStatus: 400, message: 'กรุณากรอกชื่อและนามสกุลเป็นตัวอักษรภาษาไทยหรือภาษาอังกฤษ ให้ตรงกับชื่อบัญชีธนาคาร' },
  REFERRER_NOT_FOUND: { httpStatus: 422, message: 'ไม่พบรหัสผู้แนะนำนี้ กรุณาตรวจสอบลิงก์แนะนำ' },
  WRONG_OLD_PASSWORD: { httpStatus: 422, message: 'รหัสผ่านเดิมไม่ถูกต้อง' },
  SAME_PASSWORD: { httpStatus: 422, message: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม' },
  ACCOUNT_SUSPENDED: { httpStatus: 403, message: 'บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่' },
  UNAUTHENTICATED: { httpStatus: 401, message: 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง' },
  API_KEY_INVALID: { httpStatus: 403, message: 'ไม่อนุญาตให้เข้าถึงระบบ' },
  FORBIDDEN: { httpStatus: 403, message: 'ไม่สามารถทำรายการนี้ได้' },
  SITE_CLOSED: { httpStatus: 503, message: 'ระบบปิดปรับปรุงชั่วคราว กรุณาลองใหม่ภายหลัง' },
  /** Issue 24 §1: the owner has not set the site up and opened it yet (a fresh production database). */
  /** Issue 24 §1: staff asked to create the site, and it exists already (update it instead). */
  SETTINGS_EXIST: { httpStatus: 409, message: 'ตั้งค่าเว็บไซต์ไว้แล้ว กรุณาแก้ไขการตั้งค่าแทน' },
  /** Issue 24 §1: the owner asked to open the site while a required setup item is missing. */
  SETUP_INCOMPLETE: { httpStatus: 422, message: 'ยังตั้งค่าเว็บไซต์ไม่ครบ กรุณาทำรายการที่จำเป็นให้ครบก่อนเปิดเว็บไซต์' },
  SITE_NOT_SET_UP: { httpStatus: 503, message: 'เว็บไซต์กำลังจะเปิดให้บริการเร็ว ๆ นี้ กรุณากลับมาใหม่อีกครั้ง' },
  RATE_LIMITED: { httpStatus: 429, message: 'ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่' },
  LOGIN_LOCKED: { httpStatus: 429, message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณารอ 15 นาทีแล้วลองใหม่' },
  NOT_FOUND: { httpStatus: 404, message: 'ไม่พบรายการที่ต้องการ' },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, message: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป' },
  PROVIDER_UNAVAILABLE: { httpStatus: 503, message: 'ระบบธนาคารไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่อีกครั้ง' },
  /** Money on the wire: not a number, more than two decimals, zero or negative, or too large. */
  INVALID_AMOUNT: { httpStatus: 400, message: 'จำนวนเงินไม่ถูกต้อง กรุณาระบุเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง' },
  /** Spec §5: 'ถอนเงินขั้นต่ำ {min} บาท' — the use case fills in the minimum. */
  WITHDRAW_BELOW_MINIMUM: { httpStatus: 422, message: 'ถอนเงินขั้นต่ำ {min} บาท' },
  WITHDRAW_ABOVE_MAXIMUM: { httpStatus: 422, message: 'ถอนเงินได้สูงสุด {max} บาทต่อครั้ง' },
  WITHDRAW_DISABLED: { httpStatus: 422, message: 'ขณะนี้ปิดการถอนเงินชั่วคราว' },
  INSUFFICIENT_BALANCE: { httpStatus: 422, message: 'ยอดเงินไม่เพียงพอ' },
  TURNOVER_NOT_MET: { httpStatus: 422, message: 'ยอดเทิร์นโอเวอร์ยังไม่ครบตามเงื่อนไข' },
  /** The bound account's holder name is not confirmed yet (declared at sign-up, docs/adr/0040): the first deposit from it, or staff, confirm it. */
  BANK_ACCOUNT_NOT_VERIFIED: { httpStatus: 422, message: 'บัญชีธนาคารของคุณยังไม่ได้รับการยืนยัน ระบบจะยืนยันให้เมื่อคุณฝากเงินครั้งแรกจากบัญชีนี้ หรือติดต่อเจ้าหน้าที่เพื่อยืนยันบัญชี' },
  /** Issue 26 §1: cancelling a bonus when none is in force. */
  NO_ACTIVE_BONUS: { httpStatus: 422, message: 'ไม่มีโบนัสที่ใช้งานอยู่' },
  /** Issue 26 §1: the forfeit the member confirmed is no longer what cancelling would take (a round settled since); nothing was done. */
  BONUS_FORFEIT_CHANGED: { httpStatus: 409, message: 'ยอดโบนัสที่จะถูกริบเปลี่ยนไปแล้ว กรุณาตรวจสอบยอดใหม่ก่อนยืนยันอีกครั้ง' },
  WITHDRAW_IN_PROGRESS: { httpStatus: 409, message: 'มีรายการถอนที่รอดำเนินการอยู่ กรุณารอให้เสร็จก่อน' },
  /** The bank refused the payout; the reservation was voided and the money is back in the wallet. */
  WITHDRAW_FAILED: { httpStatus: 422, message: 'ถอนเงินไม่สำเร็จ ธนาคารปฏิเสธรายการ ระบบคืนเงินเข้ากระเป๋าแล้ว' },
  GAME_TRANSFER_PENDING: { httpStatus: 409, message: 'กำลังโอนเครดิตระหว่างกระเป๋าเกม กรุณาลองใหม่อีกสักครู่' },
  /** Another money operation of this member (launch, withdrawal, game transfer) is running (issue 15: one at a time). */
  MEMBER_BUSY: { httpStatus: 409, message: 'มีรายการของคุณกำลังดำเนินการอยู่ กรุณาลองใหม่อีกสักครู่' },
  /** Launch: the deposit is on its way into the game; the game opens once it has arrived (issue 15). */
  GAME_CREDIT_ON_THE_WAY: { httpStatus: 409, message: 'เงินกำลังโอนเข้ากระเป๋าเกม เล่นได้เมื่อเงินเข้าแล้ว กรุณาลองอีกครั้งในอีกสักครู่' },
  /** The game partner cannot be reached or refused the move; nothing changed. */
  /** Launch: the game is not in the partner's catalogue (issue 13 §3.1). */
  GAME_NOT_FOUND: { httpStatus: 404, message: 'ไม่พบเกมนี้ กรุณาเลือกเกมใหม่อีกครั้ง' },
  /** Launch: the return address is not a page of this site (issue 13 §3.1). */
  INVALID_RETURN_URL: { httpStatus: 400, message: 'ลิงก์กลับสู่เว็บไซต์ไม่ถูกต้อง' },
  /** Back office: game reconciliation cases (issue 15). */
  GAME_CASE_NOT_FOUND: { httpStatus: 404, message: 'ไม่พบเคสกระทบยอดเกมนี้' },
  GAME_CASE_NOT_OPEN: { httpStatus: 409, message: 'เคสกระทบยอดเกมนี้ปิดไปแล้ว' },
  GAME_PROVIDER_UNAVAILABLE: { httpStatus: 503, message: 'ระบบเกมไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่อีกครั้ง' },
  /** Item codes (issue "Rewards"). */
  ITEM_CODE_NOT_FOUND: { httpStatus: 404, message: 'ไม่พบโค้ดนี้ กรุณาตรวจสอบอีกครั้ง' },
  ITEM_CODE_EXPIRED: { httpStatus: 422, message: 'โค้ดนี้หมดอายุแล้ว' },
  ITEM_CODE_USED_UP: { httpStatus: 422, message: 'โค้ดนี้ถูกใช้ครบจำนวนแล้ว' },
  ITEM_CODE_ALREADY_REDEEMED: { httpStatus: 409, message: 'คุณใช้โค้ดนี้ไปแล้ว' },
  /** Prize wheel: one spin costs 50 prize credit (spec §9). */
  NOT_ENOUGH_PRIZE_CREDIT: { httpStatus: 422, message: 'แต้มไม่พอ หมุนวงล้อครั้งละ 50 แต้ม' },
  /** Spec §5 cashback rule, verbatim. */
  NO_CASHBACK: { httpStatus: 422, message: 'คุณไม่มียอดเสีย ไม่สามารถกดรับได้' },
  CASHBACK_BELOW_MINIMUM: { httpStatus: 422, message: 'รับยอดเสียคืนได้ขั้นต่ำ {min} บาท' },
  AFFILIATE_BELOW_MINIMUM: { httpStatus: 422, message: 'ถอนรายได้แนะนำเพื่อนได้ขั้นต่ำ {min} บาท' },
  /** An income withdrawal above Affiliate.autoWithdraw.maxautoWithdraw is still waiting for staff. */
  AFFILIATE_WITHDRAW_WAITING: { httpStatus: 409, message: 'มีรายการถอนรายได้รอการอนุมัติอยู่ กรุณารอให้เสร็จก่อน' },
  FEATURE_DISABLED: { httpStatus: 403, message: 'ขณะนี้ยังไม่เปิดให้บริการ' },
  IDEMPOTENCY_CONFLICT: { httpStatus: 409, message: 'รายการนี้ถูกส่งแล้วด้วยข้อมูลที่ต่างกัน' },
  PROMPTPAY_UNAVAILABLE: { httpStatus: 422, message: 'ขณะนี้ไม่สามารถฝากผ่านพร้อมเพย์ได้' },
  /** A member holds MAX_OPEN_PROMPTPAY_PER_MEMBER unpaid QR codes already (issue 13 §3.4). */
  PROMPTPAY_TOO_MANY_OPEN: { httpStatus: 409, message: 'มีคิวอาร์พร้อมเพย์ที่รอชำระอยู่หลายรายการ กรุณาชำระหรือรอให้หมดอายุก่อน' },
  /** Issue 28 §2 (docs/adr/0055): deposit by transfer slip. The QR is not a slip's (or was edited: its CRC fails). */
  SLIP_QR_INVALID: { httpStatus: 422, message: 'คิวอาร์โค้ดนี้ไม่ใช่สลิปโอนเงิน หรือสลิปถูกแก้ไข กรุณาแนบสลิปจริงจากแอปธนาคาร' },
  /** The image holds no QR we can read. */
  SLIP_IMAGE_UNREADABLE: { httpStatus: 422, message: 'อ่านคิวอาร์โค้ดจากรูปสลิปไม่ได้ กรุณาแนบรูปสลิปที่ชัดเจน หรือวางข้อความคิวอาร์' },
  /** The upload is larger than the limit (2 MB). */
  SLIP_TOO_LARGE: { httpStatus: 413, message: 'ไฟล์สลิปใหญ่เกิน 2 MB กรุณาแนบรูปที่เล็กลง' },
  /** This slip (sending bank + reference) was used already, by anyone. */
  SLIP_ALREADY_USED: { httpStatus: 409, message: 'สลิปนี้ถูกใช้แล้ว ไม่สามารถใช้ซ้ำได้' },
  /** The same transfer reached the member's wallet already by the bank's notification. */
  SLIP_ALREADY_CREDITED: { httpStatus: 409, message: 'รายการโอนนี้เข้ากระเป๋าของคุณแล้ว ไม่ต้องแนบสลิป' },
  /** The transfer came from another member's bound account, or was credited to another member. */
  SLIP_NOT_YOURS: { httpStatus: 403, message: 'สลิปนี้เป็นของสมาชิกท่านอื่น ไม่สามารถใช้ได้' },
  /** The transfer went to an account that is not one of the site's deposit accounts. */
  SLIP_NOT_HOUSE_ACCOUNT: { httpStatus: 422, message: 'สลิปนี้ไม่ได้โอนเข้าบัญชีฝากเงินของเว็บ กรุณาตรวจสอบบัญชีปลายทาง' },
  /** The sending bank has no such transfer. */
  SLIP_NOT_FOUND: { httpStatus: 422, message: 'ไม่พบรายการโอนตามสลิปนี้ที่ธนาคาร กรุณาตรวจสอบสลิปแล้วลองใหม่' },
  /** The bank's slip verification did not answer; nothing was recorded. */
  SLIP_VERIFY_UNAVAILABLE: { httpStatus: 503, message: 'ขณะนี้ไม่สามารถตรวจสอบสลิปกับธนาคารได้ กรุณาลองใหม่อีกครั้งในภายหลัง' },
  FEED_AUTH_FAILED: { httpStatus: 401, message: 'feed signature, source or timestamp invalid' },
  /** LINE's webhook (issue 12): X-Line-Signature missing or not the HMAC of the body with the channel secret. */
  LINE_SIGNATURE_INVALID: { httpStatus: 401, message: 'LINE signature invalid' },
  STATE_CONFLICT: { httpStatus: 409, message: 'รายการนี้ถูกดำเนินการไปแล้ว' },
  /** Manual payouts (docs/adr/0039): this withdrawal's payment was recorded already (by this or another staff member). */
  PAYOUT_ALREADY_RECORDED: { httpStatus: 409, message: 'บันทึกการโอนของรายการนี้ไปแล้ว' },
  /** Manual payouts: the bank reference was recorded on another withdrawal paid from the same house account. */
  PAYOUT_REFERENCE_USED: { httpStatus: 409, message: 'เลขอ้างอิงธนาคารนี้ถูกบันทึกกับรายการอื่นแล้ว' },
  /** Manual payouts: the house account named is not an active bank account of the site. */
  PAYOUT_CHANNEL_INVALID: { httpStatus: 422, message: 'บัญชีที่ใช้โอนไม่ใช่บัญชีธนาคารของเว็บที่เปิดใช้งาน' },
  /** Player protection (issue 12): the member's own time-out / self-exclusion, loss limit. */
  RG_EXCLUDED: { httpStatus: 403, message: 'คุณอยู่ในช่วงพักการเล่นที่ตั้งไว้ ระหว่างนี้เล่นเกมไม่ได้ แต่ยังถอนเงินได้' },
  /** A deposit request (PromptPay QR) past the member's own deposit limit: refused before any money moves; the use case names what is left. */
  RG_DEPOSIT_LIMIT_REACHED: { httpStatus: 403, message: 'ยอดนี้เกินวงเงินฝากที่คุณตั้งไว้ ฝากได้อีก {remaining} บาทในช่วงนี้' },
  RG_LOSS_LIMIT_REACHED: { httpStatus: 403, message: 'คุณถึงวงเงินขาดทุนที่ตั้งไว้แล้ว เล่นต่อได้เมื่อพ้นช่วงเวลาของวงเงิน' },
  /** Sign-up (issue 12): date of birth missing or not a real `YYYY-MM-DD` date. */
  DATE_OF_BIRTH_REQUIRED: { httpStatus: 400, message: 'กรุณากรอกวันเดือนปีเกิดให้ถูกต้อง (ปี ค.ศ.-เดือน-วัน)' },
  /** Sign-up (issue 12, docs/adr/0021): younger than 20 years. */
  UNDER_AGE: { httpStatus: 403, message: 'ขออภัย ผู้สมัครต้องมีอายุ 20 ปีบริบูรณ์ขึ้นไป' },
  /** Sign-up (issue 12): the phone or bank account belongs to a member whose time-out or self-exclusion still lasts. */
  RG_SIGNUP_EXCLUDED: { httpStatus: 403, message: 'เบอร์โทรศัพท์หรือบัญชีธนาคารนี้อยู่ในช่วงพักการเล่น จึงสมัครสมาชิกใหม่ไม่ได้จนกว่าจะครบกำหนด' },
  /** Back office (issue 11): staff sign-in and permissions. */
  STAFF_INVALID_CREDENTIALS: { httpStatus: 401, message: 'ชื่อผู้ใช้ หรือ รหัสผ่าน ไม่ถูกต้อง' },
  STAFF_INVALID_TOTP: { httpStatus: 401, message: 'รหัสยืนยันตัวตนไม่ถูกต้อง หรือถูกใช้ไปแล้ว กรุณาใช้รหัสใหม่จากแอป' },
  STAFF_LOCKED: { httpStatus: 429, message: 'เข้าสู่ระบบผิดหลายครั้ง บัญชีถูกล็อก 15 นาที' },
  /**
   * Back office (issue 25 §4): the staff session ended by itself — idle past the idle timeout, past
   * its 12-hour maximum, or signed out elsewhere. The client says so and keeps unsaved input.
   */
  STAFF_SESSION_EXPIRED: { httpStatus: 401, message: 'หมดเวลาการใช้งาน กรุณาเข้าสู่ระบบใหม่ ข้อมูลที่กรอกไว้ยังอยู่ (session expired: sign in again)' },
  /** Back office (issue 25 §4): a wrong current password on the password screen; field `currentPassword`. The session stays. */
  STAFF_WRONG_CURRENT_PASSWORD: { httpStatus: 400, message: 'รหัสผ่านปัจจุบันไม่ถูกต้อง (current password is wrong)' },
  STAFF_PASSWORD_CHANGE_REQUIRED: { httpStatus: 403, message: 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งาน' },
  STAFF_FORBIDDEN: { httpStatus: 403, message: 'สิทธิ์ของคุณไม่พอสำหรับรายการนี้' },
  /** Back office (issue 25 §1): a reward-job run's unpaid total changed between request and approval; nothing paid. */
  REWARD_JOB_TOTAL_CHANGED: { httpStatus: 409, message: 'ยอดจ่ายของรอบนี้เปลี่ยนไปแล้ว ไม่ได้จ่ายเงิน กรุณาปฏิเสธคำขอนี้แล้วสั่งรันใหม่ (reward-job total changed since the request; nothing was paid)' },
  INTERNAL_ERROR: { httpStatus: 500, message: 'ระบบขัดข้อง กรุณาลองใหม่อีกครั้ง' },
} as const satisfies Record<string, { httpStatus: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Thai text the web client shows when the server cannot be reached (spec §7, §8). */
/**
 * The member's device has no connection (issue 26 §2): a money action is not sent, nor queued to be
 * sent later; the member taps again once connected (the same attempt keeps its idempotency key).
 */
export const NO_CONNECTION_MESSAGE = 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต รายการนี้ยังไม่ถูกส่ง กรุณาตรวจสอบการเชื่อมต่อแล้วกดอีกครั้ง';
export const SERVER_UNREACHABLE_MESSAGE = 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาลองใหม่อีกครั้ง';
