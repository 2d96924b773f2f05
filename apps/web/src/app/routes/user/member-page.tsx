import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';

/** Title row of a member page inside the member shell, with a way back home. */
export function MemberPage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 pb-6" data-testid={testId}>
      <div className="flex items-center gap-1">
        <Link to={paths.user.home} className="-ml-2 rounded-full p-2 text-ink" aria-label={t('common.back')} data-testid="page-back">
          <BackIcon className="size-6" />
        </Link>
        <h1 className="text-lg font-bold">{title}</h1>
      </div>
      {children}
    </div>
  );
}
