import { useI18n } from './i18n';
import { currentLanguage } from './language';

/**
 * Inline Thai/English text for the screens added late in issue 11 (promotions, channels, rewards,
 * reward jobs, reports, the ledger statement), so they do not grow the shared dictionary:
 * `const tx = useBilingual(); tx('บันทึก', 'Save')` follows the language switch.
 */
export function useBilingual(): (thai: string, english: string) => string {
  const { language } = useI18n();
  return (thai, english) => (language === 'en' ? english : thai);
}

/** Today's date in Bangkok, YYYY-MM-DD (Bangkok is UTC+7 all year). */
export const bangkokDate = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A form-check message in the language of the moment (zod `error` option, read when the check
 * runs, so a schema made once at module load still speaks English after the switch):
 * `z.string().min(3, says('กรุณาระบุเหตุผล', 'Enter a reason'))`.
 */
export const says = (thai: string, english: string) => ({ error: () => (currentLanguage() === 'en' ? english : thai) });
