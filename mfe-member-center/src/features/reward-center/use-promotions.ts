// The promotion list the reward centre's tabs read, and the two things a tab does with a promotion:
// join it, and claim its reward (the daily sign-in's claim is signing in). One action goes at a
// time however often a button is pressed; what it did, or the server's refusal, stays under that
// promotion's button; the list is read again either way (a refusal often means it changed
// elsewhere: signed in on another device), and the header's balance after money arrived.
import { bus, isApiError, useCall, useT, type CallResult } from '@platform/shared';
import { moneyText, quietRefusalMessage } from '@platform/ui-blocks';
import type { PromotionClaimed, PromotionEntry } from '@platform/contract';
import { useCallback, useRef, useState } from 'react';
import { claimPromotion, joinPromotion, loadPromotions } from './reward-api';
import type { Translate } from './reward-model';
import { NAMESPACE } from './translations';

export function usePromotionList(): CallResult<PromotionEntry[]> {
  return useCall((signal) => loadPromotions(signal), [], { requiresSession: true });
}

/** The list to show: the answer, or the one before while a refresh loads (no flash of a spinner). */
export function shownList(promotions: CallResult<PromotionEntry[]>): PromotionEntry[] | undefined {
  if (promotions.status === 'success') return promotions.data;
  if (promotions.status === 'loading') return promotions.staleData;
  return undefined;
}

export interface ActionNotice {
  promotionId: number;
  kind: 'success' | 'error';
  text: string;
}

/** What a claim brought: money, prize-wheel tickets, or (a sign-in) the day's amount. */
export function claimedText(claimed: PromotionClaimed, t: Translate): string {
  const tickets = claimed.promotion.tickets;
  if (claimed.bonus === 0 && tickets !== null && tickets > 0) return t('claimed_tickets', { count: tickets });
  const points = claimed.promotion.points;
  if (claimed.bonus === 0 && points !== null && points > 0) return t('claimed_points', { count: points });
  const amount = moneyText(claimed.bonus) ?? '';
  if (claimed.promotion.trigger === 'sign_in') return t('signed_in_paid', { day: claimed.promotion.streakDay ?? 1, amount });
  return t('claimed_bonus', { amount });
}

export interface PromotionActions {
  /** The promotion whose action is on its way, and what it is. */
  busy: { promotionId: number; action: 'join' | 'claim' } | null;
  notice: ActionNotice | null;
  join: (entry: PromotionEntry) => void;
  claim: (entry: PromotionEntry) => void;
}

export function usePromotionActions(refresh: () => void): PromotionActions {
  const { t } = useT(NAMESPACE);
  const [busy, setBusy] = useState<PromotionActions['busy']>(null);
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);

  const run = useCallback(
    async (entry: PromotionEntry, action: 'join' | 'claim') => {
      if (sending.current) return;
      sending.current = true;
      setBusy({ promotionId: entry.id, action });
      setNotice(null);
      try {
        if (action === 'claim') {
          const claimed = await claimPromotion(entry.id);
          setNotice({ promotionId: entry.id, kind: 'success', text: claimedText(claimed, t) });
          if (claimed.bonus > 0) bus.dispatch({ type: 'refreshBalance' });
        } else {
          await joinPromotion(entry.id);
          setNotice({ promotionId: entry.id, kind: 'success', text: t('joined_notice') });
        }
      } catch (failure) {
        // An ended session has had its toast and logout: nothing to add under the button.
        const message = isApiError(failure) ? quietRefusalMessage(failure) : t('action_failed');
        if (message) setNotice({ promotionId: entry.id, kind: 'error', text: message });
      } finally {
        sending.current = false;
        setBusy(null);
        refresh();
      }
    },
    [refresh, t],
  );

  return { busy, notice, join: (entry) => void run(entry, 'join'), claim: (entry) => void run(entry, 'claim') };
}
