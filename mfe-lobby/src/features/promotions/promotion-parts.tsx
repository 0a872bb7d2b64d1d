// Parts both promotions pages show: the picture, the state badge and the countdown line.
import { cdnImageFallback, cdnImageUrl } from '@platform/shared';
import { badgeLabel, closeReasonText, countdownOf, PromotionCountdown, usePromotionT } from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import styles from './promotions.module.css';
import type { Translate } from './translations';

/** The promotion's picture on the image CDN (the next CDN when one fails); an empty frame of the same size without one. */
export function PromotionImage({ entry, className }: { entry: Pick<PromotionEntry, 'imageUrl'>; className?: string }) {
  const frame = [styles.imageFrame, className].filter(Boolean).join(' ');
  return (
    <span className={frame}>
      {entry.imageUrl && (
        <img className={styles.image} src={cdnImageUrl(entry.imageUrl)} alt="" loading="lazy" decoding="async" onError={cdnImageFallback} />
      )}
    </span>
  );
}

const BADGE_CLASS: Record<PromotionEntry['state'], string | undefined> = {
  join: styles.badgeAction,
  claim: styles.badgeAction,
  apply: styles.badgeAction,
  joined: styles.badgeInfo,
  applying: styles.badgeInfo,
  process: styles.badgeInfo,
  claimed: styles.badgeDone,
  issued: styles.badgeDone,
  rejected: styles.badgeDanger,
  comingSoon: styles.badgeSoon,
  close: styles.badgeMuted,
  none: undefined,
};

export function StateBadge({ entry, id }: { entry: Pick<PromotionEntry, 'state' | 'trigger'>; id?: string }) {
  const words = usePromotionT();
  const label = badgeLabel(entry, words);
  if (!label) return null;
  return (
    <span id={id} className={[styles.badge, BADGE_CLASS[entry.state]].filter(Boolean).join(' ')} data-testid="promo-state" data-state={entry.state}>
      {label}
    </span>
  );
}

/** "Every day": a promotion that stands anew each merchant day. */
export function DailyTag({ entry, t }: { entry: Pick<PromotionEntry, 'repeat'>; t: Translate }) {
  if (entry.repeat !== 'daily') return null;
  return (
    <span className={styles.dailyTag} data-testid="promo-daily">
      {t('repeat_daily')}
    </span>
  );
}

/** The countdown (to the start, the claim deadline or the end), or why a closed promotion is closed. */
export function TimeLine({ entry }: { entry: PromotionEntry }) {
  const words = usePromotionT();
  const countdown = countdownOf(entry);
  if (countdown) return <PromotionCountdown kind={countdown.kind} target={countdown.target} className={styles.countdown} />;
  const reason = entry.state === 'close' ? closeReasonText(entry, words) : null;
  return reason ? (
    <span className={styles.closeReason} data-testid="promo-close-reason">
      {reason}
    </span>
  ) : null;
}
