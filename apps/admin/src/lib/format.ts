import { currentLanguage } from './language';

/** Baht from the wire (a number with at most two decimals) in Thai format, Bangkok time for dates. */
const baht = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' });
/** English mode (issue 25 §4): the same instant in Bangkok time, with English month names and the Gregorian year. */
const dateTimeEnglish = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' });

export const formatBaht = (amount: number) => `${baht.format(amount)} ฿`;
export const formatDateTime = (iso: string) => (currentLanguage() === 'en' ? dateTimeEnglish : dateTime).format(new Date(iso));
