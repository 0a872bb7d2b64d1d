import { Button, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { RankCard } from './rank-card';
import { loadProgress } from './vip-api';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';
import { Loading } from './vip-parts';

/** playerRank: the member's VIP rank and this month's progress to the next level, with the way to the benefits and the rules. */
export default function PlayerRankPage({ openPage }: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const progress = useCall((signal) => loadProgress(signal), [], { requiresSession: true });
  return (
    <div className={styles.page} data-testid="vip-player-rank">
      {progress.status === 'error' ? (
        <LoadError title={t('load_failed')} error={progress.error} onRetry={progress.refresh} />
      ) : progress.status !== 'success' ? (
        <Loading />
      ) : (
        <>
          <RankCard progress={progress.data} />
          <div className={styles.links}>
            <Button size="sm" variant="secondary" onClick={() => openPage('benefits')}>
              {t('to_benefits')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => openPage('memberRules')}>
              {t('to_rules')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
