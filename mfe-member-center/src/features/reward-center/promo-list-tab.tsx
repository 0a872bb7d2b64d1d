// Promotions (promoList): the promo code entry above the member's own promotions (joined, a bonus
// to claim, being wagered, received). A code's bonus reads the list again; a code that gave
// prize-wheel tickets offers the way to the wheel.
import { Button, useT } from '@platform/shared';
import type { PromotionClaimed } from '@platform/contract';
import { useState } from 'react';
import { MyPromotions } from './my-promotions';
import { PromoCode } from './promo-code';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';
import { usePromotionList } from './use-promotions';

export function PromoListTab({ onOpenWheel }: { onOpenWheel: () => void }) {
  const { t } = useT(NAMESPACE);
  const promotions = usePromotionList();
  const [tickets, setTickets] = useState<number | null>(null);
  const claimed = (answer: PromotionClaimed) => {
    setTickets(answer.bonus === 0 && answer.promotion.tickets !== null && answer.promotion.tickets > 0 ? answer.promotion.tickets : null);
    promotions.refresh();
  };
  return (
    <div className={styles.taskList} data-testid="promo-list-tab">
      <PromoCode onClaimed={claimed} />
      {tickets !== null && (
        <div className={styles.inline}>
          <Button variant="secondary" onClick={onOpenWheel} data-testid="promo-code-to-wheel">
            {t('go_wheel')}
          </Button>
        </div>
      )}
      <h3 className={styles.sectionTitle}>{t('my_promotions')}</h3>
      <MyPromotions promotions={promotions} />
    </div>
  );
}
