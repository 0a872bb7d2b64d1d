// The reward centre's promo code: the shared form (@platform/ui-blocks), with the hint of what a
// code looks like.
import type { PromotionClaimed } from '@platform/contract';
import { PromoCodeForm } from '@platform/ui-blocks';
import styles from './reward-center.module.css';

export function PromoCode({ onClaimed }: { onClaimed?: (claimed: PromotionClaimed) => void }) {
  return <PromoCodeForm hint className={styles.section} onClaimed={onClaimed} />;
}
