import { useTranslation } from '../../../lib/translate.ts';
import { ResponsibleGamingPanel } from '../../../features/responsible-gaming/components/responsible-gaming-panel.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/responsible-gaming` (issue 12): the member's player-protection page. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MemberPage title={t('responsibleGaming.title')} testId="responsible-gaming-page">
      <ResponsibleGamingPanel />
    </MemberPage>
  );
}
