import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameApi } from '../api/client';
import type { RoundDetail } from '../api/types';
import { verifyHref } from '../app/route';
import { formatMoney, formatMultiplier, formatTime } from '../ui/format';
import { useLocale } from '../ui/locale';
import { ProblemBanner, problemOf, type Problem } from '../ui/problem';
import ui from '../ui/ui.module.css';

/** The player's latest rounds; each one links to the verification page once its seed is revealed. */
export function RoundHistory({ api, gameCode, lang, version }: { api: GameApi; gameCode: string; lang: string | null; version: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [rounds, setRounds] = useState<RoundDetail[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  useEffect(() => {
    let live = true;
    api.rounds().then(
      (page) => live && setRounds(page.list),
      (error: unknown) => live && setProblem(problemOf(error)),
    );
    return () => {
      live = false;
    };
  }, [api, version]);

  if (problem) return <ProblemBanner problem={problem} />;
  if (!rounds) return <p role="status">{t('common.loading')}</p>;
  if (!rounds.length) return <p className={ui.muted}>{t('history.empty')}</p>;
  return (
    <ul className={ui.list} data-testid="round-history">
      {rounds.map((round) => (
        <li key={round.roundId} className={ui.listItem} data-round={round.roundId}>
          <span className={ui.mono}>#{round.roundId}</span>
          {round.time ? <span className={ui.muted}>{formatTime(round.time, locale)}</span> : null}
          <span>
            {t('history.bet')}: {formatMoney(round.bet, locale)}
          </span>
          <span className={round.win > 0 ? ui.win : undefined}>
            {t('history.win')}: {formatMoney(round.win, locale)}
          </span>
          {round.crashPoint !== null ? <span>{formatMultiplier(round.crashPoint, locale)}</span> : null}
          <span className={ui.muted}>
            {t('history.nonce')}: {round.nonce}
          </span>
          <span className={ui.spacer} />
          {round.serverSeed ? (
            <a
              href={verifyHref({ game: round.gameCode || gameCode, serverSeed: round.serverSeed, serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce, bet: round.bet, lang })}
              target="_blank"
              rel="noopener"
            >
              {t('history.verify')}
            </a>
          ) : (
            <span className={ui.muted}>{t('history.seedHidden')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
