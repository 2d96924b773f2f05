/** Baht from the wire (a number with at most two decimals) in Thai format, Bangkok time for dates. */
const baht = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'short' });

export const formatBaht = (amount: number) => `${baht.format(amount)} ฿`;
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
