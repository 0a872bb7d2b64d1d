import { useT } from '@platform/shared';
import { DIVIDEND_CYCLES, type DividendContract } from '@platform/contract';
import { OfferTiersDialog, SelectField } from '../contracts';
import { offerDividendContract } from './dividend-api';
import { useCycleName } from './dividend-cycle';
import { NAMESPACE } from './translations';

export interface OfferDividendDialogProps {
  /** The agent's own dividend contract (active): the offer takes its cycle, and no tier may pay more than it at its thresholds. */
  own: DividendContract;
  /** The agent's current dividend contracts with downlines: those agents are not offered another. */
  current: readonly DividendContract[];
  onClose: () => void;
  onOffered: () => void;
}

/**
 * Offer a dividend contract to a direct downline agent: the agent's own settlement cycle (shown,
 * not chosen: a downline's contract has its upline's cycle) and 1 to 20 tiers of team net loss ≥,
 * active members ≥ and rate, each at most what the agent's own contract pays there.
 */
export function OfferDividendDialog({ own, current, onClose, onOffered }: OfferDividendDialogProps) {
  const { t } = useT(NAMESPACE);
  const cycleName = useCycleName();
  const { cycle } = own.terms;
  return (
    <OfferTiersDialog
      field="loss"
      own={own.terms}
      current={current}
      offer={(downlineId, tiers) => offerDividendContract(downlineId, { cycle, tiers })}
      onClose={onClose}
      onOffered={onOffered}
    >
      <SelectField
        name="cycle"
        label={t('cycle')}
        value={cycle}
        options={DIVIDEND_CYCLES.map((value) => ({ value, label: cycleName(value) }))}
        onChange={() => undefined}
        hint={t('cycle_fixed')}
        disabled
        testIdPrefix="offer"
      />
    </OfferTiersDialog>
  );
}
