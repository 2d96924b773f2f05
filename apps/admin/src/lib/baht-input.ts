/**
 * Baht typed by staff → the wire number (spec §3 `Amount`: a JSON number, at most two decimals),
 * or null when the text is not such an amount: digits with optional thousands commas and at most
 * two decimals, > 0 unless `allowZero`. Never NaN (issue 25 §4 "no NaN anywhere"); the server still
 * parses it to satang with the one tested function (packages/money).
 */
export function bahtFromText(text: string, options: { allowZero?: boolean } = {}): number | null {
  const cleaned = text.trim().replaceAll(',', '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (!Number.isFinite(value) || (value === 0 && options.allowZero !== true)) return null;
  return value;
}
