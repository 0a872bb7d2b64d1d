import { useRef } from 'react';
import { useTimeLeftWhileSeen } from '../countdown/use-time-left';
import { countdownText, type CountdownKind } from './promotion-model';
import { usePromotionT } from './promotion-t';

export interface PromotionCountdownProps {
  kind: CountdownKind;
  /** Epoch milliseconds. */
  target: number;
  className?: string;
  testId?: string;
}

/** "Ends in 2d 03:04:05", "Claim within 05:00:00": ticking each second while it can be seen. */
export function PromotionCountdown({ kind, target, className, testId = 'promo-countdown' }: PromotionCountdownProps) {
  const t = usePromotionT();
  const ref = useRef<HTMLSpanElement>(null);
  const left = useTimeLeftWhileSeen(target, ref);
  return (
    <span ref={ref} className={className} data-testid={testId} data-kind={kind}>
      {countdownText(kind, left, t)}
    </span>
  );
}
