import { MISSION_DEVICES, MISSION_STATUSES } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Input, localeOf, Notice, OpsError, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { MissionCreateForm } from './mission-create-form';
import styles from './promotions.module.css';

/** A mission of GET /missions (times as the merchant's clock shows them, "YYYY-MM-DD HH:mm"). */
export interface Mission {
  id: number;
  name: string;
  title: string;
  start: string;
  end: string;
  status: (typeof MISSION_STATUSES)[number];
  paused: boolean;
  device: (typeof MISSION_DEVICES)[number];
  minVipLevel: number;
  leaderboardMetric: string | null;
  leaderboardPaid: boolean;
  milestones: { id: number; kind: string; target: number; reward: { amount: number | null; tickets: number | null; wageringMultiplier: number } }[];
  prizes: { rank: number; amount: number; wageringMultiplier: number }[];
  claims: number;
  claimedAmount: number;
  ticketsGiven: number;
}

export interface MissionDraft {
  name: string;
  start: string;
  end: string;
  device: string;
  minVipLevel: string;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** What the server would refuse of the draft: the field and the message key. */
export function missionProblems(draft: MissionDraft): { field: keyof MissionDraft; key: string }[] {
  const problems: { field: keyof MissionDraft; key: string }[] = [];
  if (!draft.name.trim()) problems.push({ field: 'name', key: 'required' });
  else if (draft.name.trim().length > 100) problems.push({ field: 'name', key: 'tooLong' });
  if (!LOCAL_TIME.test(draft.start.trim())) problems.push({ field: 'start', key: 'time' });
  if (!LOCAL_TIME.test(draft.end.trim())) problems.push({ field: 'end', key: 'time' });
  // The same shape sorts as text as it does in time.
  else if (LOCAL_TIME.test(draft.start.trim()) && draft.end.trim() <= draft.start.trim()) problems.push({ field: 'end', key: 'endBeforeStart' });
  if (!/^\d+$/.test(draft.minVipLevel.trim()) || Number(draft.minVipLevel) > 99) problems.push({ field: 'minVipLevel', key: 'vipLevel' });
  return problems;
}

/** The body of POST /missions/:id: the fields changed only (a paid leaderboard's window is refused). */
export function missionBody(draft: MissionDraft, stored: Mission): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (draft.name.trim() !== stored.name) body.name = draft.name.trim();
  if (draft.start.trim() !== stored.start) body.start = draft.start.trim();
  if (draft.end.trim() !== stored.end) body.end = draft.end.trim();
  if (draft.device !== stored.device) body.device = draft.device;
  if (Number(draft.minVipLevel) !== stored.minVipLevel) body.minVipLevel = Number(draft.minVipLevel);
  return body;
}

/** A mission's name, window, device and level, changed; its milestones and prizes are shown beside. */
function MissionForm({ mission, onSaved, onCancel }: { mission: Mission; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<MissionDraft>({ name: mission.name, start: mission.start, end: mission.end, device: mission.device, minVipLevel: String(mission.minVipLevel) });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = missionProblems(draft);
  const problem = (field: keyof MissionDraft) => {
    const found = tried ? problems.find((entry) => entry.field === field) : undefined;
    return found ? <span className={styles.problem}>{t(`promotions.missions.problem.${found.key}`)}</span> : null;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setError(null);
    if (problems.length > 0) return;
    const body = missionBody(draft, mission);
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    setBusy(true);
    try {
      await api.post(`/missions/${mission.id}`, body);
      onSaved();
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };
  const text = (field: 'name' | 'start' | 'end' | 'minVipLevel') => (
    <div className={styles.cell}>
      <Field label={t(`promotions.missions.field.${field}`)}>
        <Input value={draft[field]} placeholder={field === 'start' || field === 'end' ? 'YYYY-MM-DD HH:mm' : undefined} onChange={(event) => setDraft({ ...draft, [field]: event.target.value })} />
      </Field>
      {problem(field)}
    </div>
  );
  return (
    <form className={[ui.panel, styles.editor].join(' ')} aria-label={t('promotions.missions.editTitle', { id: mission.id })} onSubmit={(event) => void save(event)} noValidate>
      <h2>{t('promotions.missions.editTitle', { id: mission.id })}</h2>
      <div className={styles.form}>
        {text('name')}
        {text('start')}
        {text('end')}
        <Field label={t('promotions.missions.field.device')}>
          <Select value={draft.device} onChange={(event) => setDraft({ ...draft, device: event.target.value })}>
            {MISSION_DEVICES.map((device) => (
              <option key={device} value={device}>
                {t(`promotions.missions.devices.${device}`)}
              </option>
            ))}
          </Select>
        </Field>
        {text('minVipLevel')}
      </div>
      <p className={styles.muted}>{t('promotions.missions.timeZone')}</p>
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy}>
          {t('promotions.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </form>
  );
}

/** A mission's milestones and prizes, and what it paid: milestone claims and the leaderboard. */
function MissionDetail({ mission }: { mission: Mission }) {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const payouts = useLoad(
    () => (may('GET /missions/:id/payouts') ? api.get<{ claims: { username: string; amount: number | null; tickets: number | null; claimedAt: number | null }[]; leaderboard: { rank: number; username: string; score: number; amount: number }[] }>(`/missions/${mission.id}/payouts`) : Promise.resolve(null)),
    [mission.id],
  );
  return (
    <section className={ui.panel} aria-label={t('promotions.missions.detailOf', { id: mission.id })}>
      <h2 className={styles.subTitle}>{t('promotions.missions.detailOf', { id: mission.id })}</h2>
      <ul data-testid="mission-milestones">
        {mission.milestones.map((milestone) => (
          <li key={milestone.id}>
            {t(`promotions.missions.kinds.${milestone.kind}`, { defaultValue: milestone.kind })}: {formatCount(milestone.target, locale)} →{' '}
            {milestone.reward.amount !== null ? formatAmount(milestone.reward.amount, locale) : t('promotions.points.tickets', { count: milestone.reward.tickets ?? 0 })}
          </li>
        ))}
      </ul>
      {mission.prizes.length > 0 && (
        <p>
          {t('promotions.missions.prizes')}: {mission.prizes.map((prize) => `#${prize.rank} ${formatAmount(prize.amount, locale)}`).join(' · ')}
        </p>
      )}
      <ErrorMessage>{payouts.error}</ErrorMessage>
      {payouts.data && (
        <div className={ui.tableWrap}>
          <table className={ui.table} data-testid="mission-payouts">
            <thead>
              <tr>
                <th>{t('promotions.column.member')}</th>
                <th className={ui.number}>{t('promotions.column.bonus')}</th>
                <th>{t('promotions.column.claimedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.data.claims.map((claim, index) => (
                <tr key={`c${index}`}>
                  <td>{claim.username}</td>
                  <td className={ui.number}>{claim.amount !== null ? formatAmount(claim.amount, locale) : t('promotions.points.tickets', { count: claim.tickets ?? 0 })}</td>
                  <td>{formatTime(claim.claimedAt, locale)}</td>
                </tr>
              ))}
              {payouts.data.leaderboard.map((payout) => (
                <tr key={`r${payout.rank}`}>
                  <td>
                    #{payout.rank} {payout.username}
                  </td>
                  <td className={ui.number}>{formatAmount(payout.amount, locale)}</td>
                  <td>{t('promotions.missions.leaderboard')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {payouts.data.claims.length + payouts.data.leaderboard.length === 0 && <p className={ui.empty}>{t('promotions.missions.noPayouts')}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * The merchant's missions: their window, status and what they have paid; searched by name and
 * filtered by status. Content staff change a mission's name, window, device and level, and pause
 * or resume it; its milestones and prizes are shown with what they paid.
 */
export function MissionsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: Mission[] }>('/missions'), []);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Mission | null>(null);
  const [creating, setCreating] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const { busy, outcome, run, told, clear } = useAction();
  const words = search.trim().toLowerCase();
  const list = (data?.list ?? []).filter((row) => (!words || `${row.name} ${row.title}`.toLowerCase().includes(words) || String(row.id) === words) && (!status || row.status === status));
  const toggle = async (row: Mission) => {
    await run(async () => {
      await api.post(`/missions/${row.id}/${row.paused ? 'resume' : 'pause'}`);
      return t(row.paused ? 'promotions.missions.resumed' : 'promotions.missions.paused', { name: row.name });
    });
    void reload();
  };
  const shown = list.find((row) => row.id === detail);
  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('search')}>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label={t('promotions.column.state')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t('promotions.all')}</option>
            {MISSION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.missions.statuses.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /missions') && !creating && (
          <Button
            onClick={() => {
              clear();
              setEditing(null);
              setCreating(true);
            }}
          >
            {t('promotions.missions.create.open')}
          </Button>
        )}
      </div>
      {creating && (
        <MissionCreateForm
          onCreated={(name) => {
            setCreating(false);
            told(t('promotions.missions.create.created', { name }));
            void reload();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {editing && (
        <MissionForm
          key={editing.id}
          mission={editing}
          onSaved={() => {
            told(t('promotions.missions.saved', { name: editing.name }));
            setEditing(null);
            void reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="missions">
          <thead>
            <tr>
              <th className={ui.number}>{t('promotions.column.id')}</th>
              <th>{t('promotions.missions.field.name')}</th>
              <th>{t('promotions.column.state')}</th>
              <th>{t('promotions.column.period')}</th>
              <th className={ui.number}>{t('promotions.column.claimed')}</th>
              <th className={ui.number}>{t('promotions.column.cost')}</th>
              <th>{t('promotions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.id} data-testid="mission-row" data-id={row.id}>
                <td className={ui.number}>{row.id}</td>
                <td>
                  {row.name}
                  {row.title && row.title !== row.name && <span className={styles.block}>{row.title}</span>}
                </td>
                <td>
                  {t(`promotions.missions.statuses.${row.status}`, { defaultValue: row.status })}
                  {row.paused && <span className={styles.block}>{t('promotions.state.paused')}</span>}
                </td>
                <td className={styles.period}>
                  {row.start} – {row.end}
                </td>
                <td className={ui.number}>{formatCount(row.claims, locale)}</td>
                <td className={ui.number}>{formatAmount(row.claimedAmount, locale)}</td>
                <td>
                  <div className={ui.actions}>
                    <Button variant="secondary" aria-pressed={detail === row.id} onClick={() => setDetail(detail === row.id ? null : row.id)}>
                      {t('promotions.missions.details')}
                    </Button>
                    {may('POST /missions/:id') && (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          clear();
                          setEditing(row);
                        }}
                      >
                        {t('promotions.edit')}
                      </Button>
                    )}
                    {may(row.paused ? 'POST /missions/:id/resume' : 'POST /missions/:id/pause') && (
                      <Button variant={row.paused ? 'secondary' : 'danger'} disabled={busy} onClick={() => void toggle(row)}>
                        {row.paused ? t('promotions.resume') : t('promotions.pause')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.missions.none')}</p>}
      </div>
      {shown && <MissionDetail mission={shown} />}
    </>
  );
}
