// Parts both promotions pages show: the picture, the state badge and the countdown line.
import { cdnImageFallback, cdnImageUrl } from '@platform/shared';
import { Countdown } from './countdown';
import { badgeLabel, closeReasonText, countdownOf, type PromotionEntry, type Translate } from './promotion-model';
import styles from './promotions.module.css';

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

export function StateBadge({ entry, t, id }: { entry: Pick<PromotionEntry, 'state' | 'trigger'>; t: Translate; id?: string }) {
  const label = badgeLabel(entry, t);
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
export function TimeLine({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  const countdown = countdownOf(entry);
  if (countdown) return <Countdown kind={countdown.kind} target={countdown.target} t={t} className={styles.countdown} />;
  const reason = entry.state === 'close' ? closeReasonText(entry.closeReason, t) : null;
  return reason ? (
    <span className={styles.closeReason} data-testid="promo-close-reason">
      {reason}
    </span>
  ) : null;
}
