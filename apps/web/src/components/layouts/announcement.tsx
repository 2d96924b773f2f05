import { useState } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { readText, writeText } from '../../lib/storage.ts';
import { MegaphoneIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';

/** The announcement text from settings (alertyMessage) as a scrolling strip. */
export function AnnouncementStrip({ message }: { message: string | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className="flex items-center gap-2 overflow-hidden border-y border-primary/20 bg-black/40 px-3 py-1.5 text-sm" role="note" aria-label={t('announcement.label')} data-testid="announcement-strip">
      <MegaphoneIcon className="size-4 shrink-0 text-primary" />
      <div className="relative min-w-0 flex-1 overflow-hidden whitespace-nowrap">
        {/* Two copies scrolled by half their width loop without a gap; the second is for the eye only. */}
        <p className="marquee inline-flex text-ink/85">
          <span className="pr-12">{message}</span>
          <span className="pr-12" aria-hidden="true">
            {message}
          </span>
        </p>
      </div>
    </div>
  );
}

/**
 * The announcement popup: the announcement image from settings (alertyImage) with its text,
 * shown once until the member signs in again (login clears the flag, spec §4). Text alone is
 * shown by the strip, not a popup.
 */
export function AnnouncementPopup({ image, message }: { image: string | null | undefined; message: string | null | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => Boolean(image) && readText(STORAGE_KEYS.announcementShown) === null);
  if (!open || !image) return null;
  const close = () => {
    writeText(STORAGE_KEYS.announcementShown, '1');
    setOpen(false);
  };
  return (
    <Modal title={t('announcement.title')} onClose={close} testId="announcement-dialog">
      <img src={image} alt="" className="mt-4 max-h-[50vh] w-full rounded-xl object-contain" />
      {message && <p className="mt-3 text-sm leading-relaxed text-ink/85">{message}</p>}
      <button type="button" data-autofocus className="btn-primary mt-5 w-full" onClick={close} data-testid="announcement-close">
        {t('common.close')}
      </button>
    </Modal>
  );
}

/** Settings say the site is under maintenance (spec §3 Maintenance): say so before anything fails. */
export function MaintenanceBanner({ isUnderMaintenance }: { isUnderMaintenance: boolean | undefined }) {
  const { t } = useTranslation();
  if (!isUnderMaintenance) return null;
  return (
    <p role="alert" className="bg-secondary px-4 py-2 text-center text-sm font-semibold text-white" data-testid="maintenance-banner">
      {t('maintenance')}
    </p>
  );
}
