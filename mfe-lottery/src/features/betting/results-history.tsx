// A game's past draws (a chunk of its own, opened from the betting page): newest first, paged,
// each with a "verify" action that recomputes the round in the browser (the verification's chunk
// is fetched when first opened). Read again when a draw arrives.
import { Button, EmptyState, formatDateTime, Pagination, Spinner, usePagedList, useT } from '@platform/shared';
import type { LotteryDraw, LotteryGame } from '@platform/contract';
import { isVietnamKind } from '@platform/lottery-rules';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useRef, useState } from 'react';
import { lazyPart } from '../games/lazy-screen';
import { loadDraws } from '../games/lottery-api';
import styles from './betting.module.css';
import { DrawNumbers } from './draw-numbers';
import { NAMESPACE } from './translations';

/** Draws a page of the history shows. */
export const DRAWS_PAGE_SIZE = 10;

const VerifyDialog = lazyPart(() => import(/* webpackChunkName: "lottery-verify" */ './verify-dialog'));

export default function ResultsHistory({ game, version }: { game: LotteryGame; version: number }) {
  const { t } = useT(NAMESPACE);
  const [verifying, setVerifying] = useState<LotteryDraw | null>(null);
  const list = usePagedList<LotteryDraw, { gameCode: string }>(({ page, pageSize, filters }, signal) => loadDraws(filters.gameCode, page, pageSize, signal), {
    filters: { gameCode: game.gameCode },
    pageSize: DRAWS_PAGE_SIZE,
  });
  const { refresh } = list;
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) refresh();
  }, [version, refresh]);
  const page = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;

  return (
    <div className={styles.history} data-testid="results-history">
      {list.status === 'error' && !page ? (
        <LoadError title={t('history_load_failed')} onRetry={refresh} />
      ) : !page ? (
        <Spinner label={t('loading')} />
      ) : page.list.length === 0 ? (
        <EmptyState title={t('no_results_yet')} />
      ) : (
        <>
          <ul className={styles.historyList}>
            {page.list.map((draw) => (
              <li key={draw.numero} className={styles.historyRow} data-testid="history-row" data-numero={draw.numero}>
                <div className={styles.historyHead}>
                  <strong>{t('round_numero', { numero: draw.numero })}</strong>
                  <span className={styles.muted}>{formatDateTime(draw.drawTime)}</span>
                  {draw.serverSeed && draw.state !== 'void' && (
                    <Button variant="secondary" size="sm" onClick={() => setVerifying(draw)} data-testid="history-verify">
                      {t('verify')}
                    </Button>
                  )}
                </div>
                {draw.state === 'void' ? (
                  <p className={styles.muted}>{t('round_void', { numero: draw.numero })}</p>
                ) : draw.numbers.length === 0 ? (
                  <p className={styles.muted}>{t('round_drawing', { numero: draw.numero })}</p>
                ) : isVietnamKind(game.kind) ? (
                  <details className={styles.vnDetails}>
                    <summary>{t('vn_special_prize', { number: draw.numbers[0] })}</summary>
                    <DrawNumbers kind={game.kind} numbers={draw.numbers} drawTime={draw.drawTime} label={t('result_of_round', { numero: draw.numero })} />
                  </details>
                ) : (
                  <DrawNumbers kind={game.kind} numbers={draw.numbers} drawTime={draw.drawTime} label={t('result_of_round', { numero: draw.numero })} />
                )}
              </li>
            ))}
          </ul>
          <Pagination page={list.page} totalPages={page.totalPages} onChange={list.setPage} />
        </>
      )}
      {verifying && <VerifyDialog kind={game.kind} draw={verifying} onClose={() => setVerifying(null)} />}
    </div>
  );
}
