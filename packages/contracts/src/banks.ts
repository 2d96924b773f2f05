/**
 * The bank table (spec §3 "Bank table"): the 17 registration banks by their three-digit Bank of
 * Thailand code, with Thai name, official Thai name, English name, short name (the symbol banks
 * and SMS texts use), brand colour and logo file.
 *
 * Logos are the PNGs of the npm package `thai-banks-logo`, served by the API under
 * `/static/banks/<logoFile>`; Standard Chartered has none there and ships our own SVG.
 * Colours are the banks' brand colours.
 */
export interface BankInfo {
  /** Three-digit Bank of Thailand code, e.g. `014`. */
  code: string;
  /** Short Thai name as members say it, e.g. `ไทยพาณิชย์`. */
  name: string;
  officialName: string;
  nameEn: string;
  /** Symbol, e.g. `SCB`; also the token used in bank SMS texts. */
  shortName: string;
  /** Brand colour, `#rrggbb`. */
  color: string;
  /** File name under `/static/banks/`. */
  logoFile: string;
}

/** In the order the spec lists them (the registration select shows this order). */
export const REGISTRATION_BANKS: readonly BankInfo[] = [
  { code: '014', name: 'ไทยพาณิชย์', officialName: 'ธนาคารไทยพาณิชย์', nameEn: 'Siam Commercial Bank', shortName: 'SCB', color: '#4e2e7f', logoFile: 'SCB.png' },
  { code: '002', name: 'กรุงเทพ', officialName: 'ธนาคารกรุงเทพ', nameEn: 'Bangkok Bank', shortName: 'BBL', color: '#1e4598', logoFile: 'BBL.png' },
  { code: '004', name: 'กสิกรไทย', officialName: 'ธนาคารกสิกรไทย', nameEn: 'Kasikornbank', shortName: 'KBANK', color: '#138f2d', logoFile: 'KBANK.png' },
  { code: '006', name: 'กรุงไทย', officialName: 'ธนาคารกรุงไทย', nameEn: 'Krung Thai Bank', shortName: 'KTB', color: '#1ba5e1', logoFile: 'KTB.png' },
  { code: '034', name: 'ธ.ก.ส.', officialName: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameEn: 'Bank for Agriculture and Agricultural Cooperatives', shortName: 'BAAC', color: '#4b9b1d', logoFile: 'BAAC.png' },
  { code: '011', name: 'ทีเอ็มบีธนชาต', officialName: 'ธนาคารทีเอ็มบีธนชาต', nameEn: 'TMBThanachart Bank', shortName: 'TTB', color: '#1279be', logoFile: 'TTB.png' },
  { code: '017', name: 'ซิตี้แบงก์', officialName: 'ธนาคารซิตี้แบงก์', nameEn: 'Citibank', shortName: 'CITI', color: '#1583c7', logoFile: 'CITI.png' },
  { code: '020', name: 'สแตนดาร์ด ชาร์เตอร์ด', officialName: 'ธนาคารสแตนดาร์ด ชาร์เตอร์ด (ไทย)', nameEn: 'Standard Chartered Bank (Thai)', shortName: 'SCBT', color: '#0f6ea1', logoFile: 'SCBT.svg' },
  { code: '022', name: 'ซีไอเอ็มบี', officialName: 'ธนาคารซีไอเอ็มบี ไทย', nameEn: 'CIMB Thai Bank', shortName: 'CIMB', color: '#7e2f36', logoFile: 'CIMB.png' },
  { code: '024', name: 'ยูโอบี', officialName: 'ธนาคารยูโอบี', nameEn: 'United Overseas Bank (Thai)', shortName: 'UOB', color: '#0b3979', logoFile: 'UOB.png' },
  { code: '025', name: 'กรุงศรีอยุธยา', officialName: 'ธนาคารกรุงศรีอยุธยา', nameEn: 'Bank of Ayudhya (Krungsri)', shortName: 'BAY', color: '#fec43b', logoFile: 'BAY.png' },
  { code: '030', name: 'ออมสิน', officialName: 'ธนาคารออมสิน', nameEn: 'Government Savings Bank', shortName: 'GSB', color: '#eb198d', logoFile: 'GSB.png' },
  { code: '033', name: 'อาคารสงเคราะห์', officialName: 'ธนาคารอาคารสงเคราะห์', nameEn: 'Government Housing Bank', shortName: 'GHB', color: '#f57d23', logoFile: 'GHB.png' },
  { code: '073', name: 'แลนด์ แอนด์ เฮ้าส์', officialName: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', nameEn: 'Land and Houses Bank', shortName: 'LHB', color: '#6d6e71', logoFile: 'LHB.png' },
  { code: '067', name: 'ทิสโก้', officialName: 'ธนาคารทิสโก้', nameEn: 'TISCO Bank', shortName: 'TISCO', color: '#12549f', logoFile: 'TISCO.png' },
  { code: '069', name: 'เกียรตินาคินภัทร', officialName: 'ธนาคารเกียรตินาคินภัทร', nameEn: 'Kiatnakin Phatra Bank', shortName: 'KKP', color: '#199cc5', logoFile: 'KKP.png' },
  { code: '066', name: 'อิสลามแห่งประเทศไทย', officialName: 'ธนาคารอิสลามแห่งประเทศไทย', nameEn: 'Islamic Bank of Thailand', shortName: 'IBANK', color: '#184615', logoFile: 'IBANK.png' },
];

/** Logos that are not banks a member can register with (spec §3: promptpay QR, mobile wallet). */
export const CHANNEL_LOGOS = {
  promptpay: 'PromptPay.png',
  truemoney: 'TrueMoney.png',
} as const;

const BANKS_BY_CODE = new Map(REGISTRATION_BANKS.map((bank) => [bank.code, bank]));
const BANKS_BY_SHORT_NAME = new Map(REGISTRATION_BANKS.map((bank) => [bank.shortName, bank]));

/** The registration bank with this three-digit code, or undefined. */
export const findBankByCode = (code: string): BankInfo | undefined => BANKS_BY_CODE.get(code);

/** The registration bank with this symbol (as bank SMS texts write it, e.g. `BAAC`), or undefined. */
export const findBankByShortName = (shortName: string): BankInfo | undefined =>
  BANKS_BY_SHORT_NAME.get(shortName.toUpperCase());

export const isRegistrationBankCode = (code: unknown): code is string =>
  typeof code === 'string' && BANKS_BY_CODE.has(code);
