import { useTranslation } from '../../lib/translate.ts';
import { useDialogs } from './dialogs.tsx';
import { CopyIcon } from './icons.tsx';

/** Copies text and says so ('คัดลอกแล้ว', spec §8). Falls back to execCommand where the Clipboard API is refused. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const { showToast } = useDialogs();

  const copy = async () => {
    if (await copyText(text)) showToast(t('common.copied'));
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      data-testid={testId}
      className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-primary/40 bg-primary/10 px-2.5 py-1.5 text-xs font-semibold text-primary active:scale-95"
    >
      <CopyIcon className="size-4" />
      {label ?? t('common.copy')}
    </button>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}
