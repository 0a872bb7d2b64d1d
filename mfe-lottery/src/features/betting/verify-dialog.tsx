// The verification of one drawn round (a chunk of its own, with the draw engine's WebCrypto path):
// the published hash, the revealed seed, the numbers recomputed here and the published ones, and
// whether both checks hold: match or mismatch.
import { Button, Modal, Spinner, useT } from '@platform/shared';
import type { LotteryDraw } from '@platform/contract';
import type { LotteryKind } from '@platform/lottery-rules';
import { useEffect, useState } from 'react';
import styles from './betting.module.css';
import { cx } from './cx';
import { DrawNumbers } from './draw-numbers';
import { NAMESPACE } from './translations';
import { VerificationUnavailableError, verifyDraw, type Verification } from './verify-draw';

type State = { status: 'running' } | { status: 'done'; result: Verification } | { status: 'failed'; unavailable: boolean };

export default function VerifyDialog({ kind, draw, onClose }: { kind: LotteryKind; draw: LotteryDraw; onClose: () => void }) {
  const { t } = useT(NAMESPACE);
  const [state, setState] = useState<State>({ status: 'running' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'running' });
    verifyDraw(kind, draw).then(
      (result) => !cancelled && setState({ status: 'done', result }),
      (error: unknown) => !cancelled && setState({ status: 'failed', unavailable: error instanceof VerificationUnavailableError }),
    );
    return () => {
      cancelled = true;
    };
  }, [kind, draw]);

  const check = (ok: boolean, okKey: string, failKey: string, testId: string) => (
    <p className={cx(styles.check, ok ? styles.checkOk : styles.checkFail)} data-testid={testId} data-ok={ok}>
      {ok ? '✓ ' : '✗ '}
      {t(ok ? okKey : failKey)}
    </p>
  );

  return (
    <Modal open onClose={onClose} title={t('verify_title', { numero: draw.numero })} footer={<Button onClick={onClose}>{t('close')}</Button>} testId="verify-dialog">
      <dl className={styles.verifyFacts}>
        <dt>{t('verify_seed_hash')}</dt>
        <dd className={styles.code}>{draw.serverSeedHash}</dd>
        <dt>{t('verify_server_seed')}</dt>
        <dd className={styles.code}>{draw.serverSeed}</dd>
        {draw.salesHash && (
          <>
            <dt>{t('verify_sales_hash')}</dt>
            <dd className={styles.code} data-testid="verify-sales-hash">
              {draw.salesHash}
            </dd>
          </>
        )}
        <dt>{t('verify_client_seed')}</dt>
        <dd className={styles.code}>{`${draw.gameCode}-${draw.numero}`}</dd>
      </dl>
      {draw.salesHash && <p className={styles.verifyNote}>{t('verify_sales_hash_note')}</p>}
      <h3 className={styles.resultTitle}>{t('verify_published')}</h3>
      <DrawNumbers kind={kind} numbers={draw.numbers} drawTime={draw.drawTime} label={t('verify_published')} />
      {state.status === 'running' && <Spinner label={t('verify_running')} />}
      {state.status === 'failed' && (
        <p className={styles.failure} role="alert" data-testid="verify-failed">
          {t(state.unavailable ? 'verify_unavailable' : 'verify_failed')}
        </p>
      )}
      {state.status === 'done' && (
        <>
          <h3 className={styles.resultTitle}>{t('verify_recomputed')}</h3>
          <DrawNumbers kind={kind} numbers={state.result.numbers} drawTime={draw.drawTime} label={t('verify_recomputed')} />
          {check(state.result.hashMatches, 'verify_hash_ok', 'verify_hash_bad', 'verify-hash')}
          {check(state.result.numbersMatch, 'verify_numbers_ok', 'verify_numbers_bad', 'verify-numbers')}
          <p className={cx(styles.verdict, state.result.matches ? styles.checkOk : styles.checkFail)} role="status" data-testid="verify-result">
            {t(state.result.matches ? 'verify_match' : 'verify_mismatch')}
          </p>
        </>
      )}
    </Modal>
  );
}
