import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { BonusChoiceButton, MemberCard } from './member-card.tsx';
import { BonusChoiceDialog } from '../../promotions/components/bonus-preference.tsx';
import { useMemberCardModel } from '../use-member-card-model.ts';

/**
 * The member card (spec dialog 1) with the bonus choice it opens (dialog 12), or a placeholder
 * while the session is checked. Shown on /user/home and in the member-card footer dialog.
 */
export function MemberCardSection() {
  const { t } = useTranslation();
  const { user, ...card } = useMemberCardModel();
  const [isChoosingBonus, setChoosingBonus] = useState(false);

  if (!user) {
    return (
      <div className="card flex h-64 items-center justify-center text-sm text-ink/60" role="status">
        {t('member.sessionChecking')}
      </div>
    );
  }
  return (
    <>
      <MemberCard
        user={user}
        {...card}
        bonusAction={<BonusChoiceButton onClick={() => setChoosingBonus(true)} />}
      />
      {isChoosingBonus && <BonusChoiceDialog isBonus={user.BonusInfo.isBonus} onClose={() => setChoosingBonus(false)} />}
    </>
  );
}
