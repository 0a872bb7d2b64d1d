import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, Input, localeOf, Notice, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import type { MemberDetail } from './players-types';
import styles from './players.module.css';

/** A label as GET /member-labels/members/:username answers it (modules/member-label). */
export interface MemberLabel {
  id: number;
  name: string;
  shown: boolean;
  textColor: string;
  backgroundColor: string;
}

/** A member's rank as GET /vip/members/:username answers it (modules/vip), changes newest first. */
export interface MemberVip {
  username: string;
  level: number;
  highestLevel: number;
  changes: { fromLevel: number; toLevel: number; reason: string; month: string | null; note: string | null; createdAtMs: number }[];
}

/** The highest level the server takes (vip.operator-routes.ts); the merchant's ladder decides which exist. */
export const MAX_VIP_LEVEL = 20;

/**
 * The labels a member carries and their VIP level, each read only by a role allowed its route;
 * a role that may set the level does it here with the note kept in the level's history.
 */
export function MemberStanding({ username }: { username: string }) {
  const { may } = useBackOffice();
  const mayLabels = may('GET /member-labels/members/:username');
  const mayVip = may('GET /vip/members/:username');
  if (!mayLabels && !mayVip) return null;
  return (
    <>
      {mayLabels && <MemberLabels username={username} />}
      {mayVip && <MemberVipPanel username={username} />}
    </>
  );
}

function MemberLabels({ username }: { username: string }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { data, error } = useLoad(() => api.get<{ list: MemberLabel[] }>(`/member-labels/members/${encodeURIComponent(username)}`), [username]);
  return (
    <section className={ui.panel} aria-label={t('players.labels')} data-testid="player-labels">
      <h3 className={styles.subtitle}>{t('players.labels')}</h3>
      <ErrorMessage>{error}</ErrorMessage>
      {data && data.list.length === 0 && <p className={ui.empty}>{t('players.noLabels')}</p>}
      <div className={ui.actions}>
        {data?.list.map((label) => (
          // The label's colours are the merchant's own choice, as members see it.
          <span key={label.id} className={styles.label} style={{ color: label.textColor, backgroundColor: label.backgroundColor }}>
            {label.name}
            {!label.shown && ` (${t('players.labelHidden')})`}
          </span>
        ))}
      </div>
    </section>
  );
}

function MemberVipPanel({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<MemberVip>(`/vip/members/${encodeURIComponent(username)}`), [username]);
  const [setting, setSetting] = useState(false);
  const [level, setLevel] = useState('');
  const [note, setNote] = useState('');
  const { busy, outcome, run } = useAction();
  const maySet = may('PUT /vip/members/:username/level');
  const levelNumber = /^\d{1,2}$/.test(level.trim()) && Number(level) <= MAX_VIP_LEVEL ? Number(level) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (levelNumber === null || !note.trim()) return;
    const done = await run(async () => {
      const answer = await api.put<{ fromLevel: number; level: number; changed: boolean }>(`/vip/members/${encodeURIComponent(username)}/level`, { level: levelNumber, note: note.trim() });
      return answer.changed ? t('players.vipSet', { username, from: answer.fromLevel, to: answer.level }) : t('players.vipUnchanged', { username, level: answer.level });
    });
    if (done) {
      setSetting(false);
      setNote('');
      void reload();
    }
  };

  return (
    <section className={ui.panel} aria-label={t('players.vip')} data-testid="player-vip">
      <h3 className={styles.subtitle}>{t('players.vip')}</h3>
      <ErrorMessage>{error}</ErrorMessage>
      {data && (
        <dl className={styles.facts}>
          <dt>{t('players.vipLevel')}</dt>
          <dd data-testid="player-vip-level">{data.level}</dd>
          <dt>{t('players.vipHighest')}</dt>
          <dd>{data.highestLevel}</dd>
          {data.changes[0] && (
            <>
              <dt>{t('players.vipLastChange')}</dt>
              <dd>
                {t('players.vipChange', { from: data.changes[0].fromLevel, to: data.changes[0].toLevel, reason: t(`players.vipReasons.${data.changes[0].reason}`, { defaultValue: data.changes[0].reason }) })}{' '}
                {formatTime(data.changes[0].createdAtMs, locale)}
                {data.changes[0].note && ` · ${data.changes[0].note}`}
              </dd>
            </>
          )}
        </dl>
      )}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {maySet && data && (
        <div className={ui.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setSetting(!setting);
              setLevel(String(data.level));
            }}
          >
            {t('players.vipSetLevel')}
          </Button>
        </div>
      )}
      {maySet && setting && (
        <form className={styles.form} onSubmit={(event) => void submit(event)}>
          <Field label={t('players.vipNewLevel')}>
            <Input inputMode="numeric" required value={level} onChange={(event) => setLevel(event.target.value)} />
          </Field>
          <Field label={t('players.reason')}>
            <Input required maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <Button type="submit" disabled={busy || levelNumber === null || !note.trim()}>
            {t('players.vipConfirm')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The member's last bets (lottery and games) as GET /members/:username answers them. */
export function MemberBets({ bets }: { bets: MemberDetail['bets'] }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <section aria-label={t('players.bets')}>
      <h3 className={styles.subtitle}>{t('players.bets')}</h3>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="player-bets">
          <thead>
            <tr>
              <th>{t('players.time')}</th>
              <th>{t('players.product')}</th>
              <th>{t('players.game')}</th>
              <th className={ui.number}>{t('players.stake')}</th>
              <th className={ui.number}>{t('players.win')}</th>
              <th>{t('players.status')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => (
              <tr key={`${bet.product}-${bet.reference}-${bet.placedAt}-${bet.gameCode}`}>
                <td>{formatTime(bet.placedAt, locale)}</td>
                <td>{t(`players.products.${bet.product}`)}</td>
                <td>
                  {bet.gameName}
                  <div className={styles.muted}>{bet.reference}</div>
                </td>
                <td className={ui.number}>{formatAmount(bet.stake, locale)}</td>
                <td className={ui.number}>{formatAmount(bet.win, locale)}</td>
                <td>
                  {t(`players.betStatuses.${bet.status}`, { defaultValue: bet.status })}
                  {bet.settledAt !== null && <div className={styles.muted}>{formatTime(bet.settledAt, locale)}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {bets.length === 0 && <p className={ui.empty}>{t('players.noBets')}</p>}
      </div>
    </section>
  );
}
