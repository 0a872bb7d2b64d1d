import { MISSION_DEVICES, MISSION_LEADERBOARD_METRICS, MISSION_MILESTONE_KINDS } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, OpsError, Select, ui, useBackOffice } from '@backoffice/kit';
import { missionProblems, type MissionDraft } from './missions-panel';
import styles from './promotions.module.css';

/** One milestone as typed: what is counted, how much, and its reward (money or prize-wheel tickets). */
export interface MilestoneDraft {
  kind: (typeof MISSION_MILESTONE_KINDS)[number];
  target: string;
  rewardKind: 'amount' | 'tickets';
  reward: string;
  /** Money rewards: times the reward to wager before withdrawing (1 by default). */
  wagering: string;
}

export interface NewMissionDraft extends MissionDraft {
  title: string;
  description: string;
  milestones: MilestoneDraft[];
  leaderboardMetric: '' | (typeof MISSION_LEADERBOARD_METRICS)[number];
  /** Prizes by rank (1 first), amounts as typed. */
  prizes: string[];
}

const MONEY = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

export const emptyMilestone = (): MilestoneDraft => ({ kind: 'stake', target: '', rewardKind: 'amount', reward: '', wagering: '1' });

/**
 * The body POST /missions takes for a new mission, or the translation key of the first thing
 * wrong: the window and level as an edit checks them (missionProblems), an English title, at least
 * one milestone or a leaderboard, each milestone's target (whole for sign-in days and games) and
 * reward, each prize's amount. The server checks all of it again.
 */
export function newMissionBody(draft: NewMissionDraft): { body: Record<string, unknown> } | { problem: string } {
  const problems = missionProblems(draft);
  if (problems.length > 0) return { problem: `promotions.missions.create.problem.${problems[0].field}` };
  if (!draft.title.trim()) return { problem: 'promotions.missions.create.titleMissing' };
  if (draft.milestones.length === 0 && !draft.leaderboardMetric) return { problem: 'promotions.missions.create.nothingToDo' };
  const milestones = [];
  for (const milestone of draft.milestones) {
    const whole = milestone.kind === 'sign_ins' || milestone.kind === 'variety';
    if (!(whole ? WHOLE : MONEY).test(milestone.target) || Number(milestone.target) <= 0) return { problem: 'promotions.missions.create.targetInvalid' };
    if (milestone.rewardKind === 'tickets' ? !WHOLE.test(milestone.reward) || Number(milestone.reward) < 1 || Number(milestone.reward) > 100 : !MONEY.test(milestone.reward) || Number(milestone.reward) <= 0) {
      return { problem: 'promotions.missions.create.rewardInvalid' };
    }
    if (milestone.rewardKind === 'amount' && !/^\d+(\.\d{1,2})?$/.test(milestone.wagering)) return { problem: 'promotions.missions.create.wageringInvalid' };
    milestones.push({
      kind: milestone.kind,
      target: Number(milestone.target),
      reward: milestone.rewardKind === 'tickets' ? { tickets: Number(milestone.reward) } : { amount: Number(milestone.reward), wageringMultiplier: Number(milestone.wagering) },
    });
  }
  const prizes = [];
  if (draft.leaderboardMetric) {
    if (draft.prizes.length === 0) return { problem: 'promotions.missions.create.prizesMissing' };
    for (const [index, amount] of draft.prizes.entries()) {
      if (!MONEY.test(amount) || Number(amount) <= 0) return { problem: 'promotions.missions.create.prizeInvalid' };
      prizes.push({ rank: index + 1, amount: Number(amount) });
    }
  }
  return {
    body: {
      name: draft.name.trim(),
      texts: { EN: { title: draft.title.trim(), ...(draft.description.trim() ? { description: draft.description.trim() } : {}) } },
      start: draft.start.trim(),
      end: draft.end.trim(),
      device: draft.device,
      minVipLevel: Number(draft.minVipLevel),
      leaderboardMetric: draft.leaderboardMetric || null,
      milestones,
      prizes,
      enabled: false,
    },
  };
}

/**
 * A new mission: its name, window, device and level, an English title (the other languages fall
 * back to it), its milestones and an optional leaderboard with prizes by rank. It is made paused,
 * so its page can be checked before players see it; resume it from the list.
 */
export function MissionCreateForm({ onCreated, onCancel }: { onCreated: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<NewMissionDraft>({ name: '', start: '', end: '', device: 'all', minVipLevel: '0', title: '', description: '', milestones: [emptyMilestone()], leaderboardMetric: '', prizes: [] });
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<NewMissionDraft>) => {
    setDraft({ ...draft, ...changes });
    setProblem(null);
  };
  const setMilestone = (index: number, changes: Partial<MilestoneDraft>) => set({ milestones: draft.milestones.map((milestone, at) => (at === index ? { ...milestone, ...changes } : milestone)) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = newMissionBody(draft);
    if ('problem' in checked) return setProblem(checked.problem);
    setBusy(true);
    try {
      await api.post('/missions', checked.body);
      onCreated(draft.name.trim());
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };
  const title = t('promotions.missions.create.title');
  return (
    <form className={[ui.panel, styles.editor].join(' ')} aria-label={title} onSubmit={(event) => void submit(event)} noValidate>
      <h2>{title}</h2>
      <div className={styles.form}>
        {(['name', 'start', 'end', 'minVipLevel'] as const).map((field) => (
          <Field key={field} label={t(`promotions.missions.field.${field}`)}>
            <Input value={draft[field]} placeholder={field === 'start' || field === 'end' ? 'YYYY-MM-DD HH:mm' : undefined} onChange={(event) => set({ [field]: event.target.value })} />
          </Field>
        ))}
        <Field label={t('promotions.missions.field.device')}>
          <Select value={draft.device} onChange={(event) => set({ device: event.target.value })}>
            {MISSION_DEVICES.map((device) => (
              <option key={device} value={device}>
                {t(`promotions.missions.devices.${device}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('promotions.missions.create.titleField')}>
          <Input maxLength={100} value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        </Field>
        <Field label={t('promotions.missions.create.description')}>
          <Input maxLength={500} value={draft.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
      </div>
      <p className={styles.muted}>{t('promotions.missions.timeZone')}</p>

      <h3 className={styles.subTitle}>{t('promotions.missions.create.milestones')}</h3>
      {draft.milestones.map((milestone, index) => (
        <fieldset key={index} className={styles.form} aria-label={t('promotions.missions.create.milestone', { number: index + 1 })}>
          <Field label={t('promotions.missions.create.kind')}>
            <Select value={milestone.kind} onChange={(event) => setMilestone(index, { kind: event.target.value as MilestoneDraft['kind'] })}>
              {MISSION_MILESTONE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`promotions.missions.kinds.${kind}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('promotions.missions.create.target')}>
            <Input inputMode="decimal" value={milestone.target} onChange={(event) => setMilestone(index, { target: event.target.value })} />
          </Field>
          <Field label={t('promotions.missions.create.rewardKind')}>
            <Select value={milestone.rewardKind} onChange={(event) => setMilestone(index, { rewardKind: event.target.value === 'tickets' ? 'tickets' : 'amount' })}>
              <option value="amount">{t('promotions.missions.create.rewardAmount')}</option>
              <option value="tickets">{t('promotions.missions.create.rewardTickets')}</option>
            </Select>
          </Field>
          <Field label={t('promotions.missions.create.reward')}>
            <Input inputMode="decimal" value={milestone.reward} onChange={(event) => setMilestone(index, { reward: event.target.value })} />
          </Field>
          {milestone.rewardKind === 'amount' && (
            <Field label={t('promotions.missions.create.wagering')}>
              <Input inputMode="decimal" value={milestone.wagering} onChange={(event) => setMilestone(index, { wagering: event.target.value })} />
            </Field>
          )}
          <Button variant="secondary" onClick={() => set({ milestones: draft.milestones.filter((_, at) => at !== index) })}>
            {t('promotions.missions.create.remove')}
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" disabled={draft.milestones.length >= 20} onClick={() => set({ milestones: [...draft.milestones, emptyMilestone()] })}>
        {t('promotions.missions.create.addMilestone')}
      </Button>

      <h3 className={styles.subTitle}>{t('promotions.missions.create.leaderboard')}</h3>
      <div className={styles.form}>
        <Field label={t('promotions.missions.create.metric')}>
          <Select value={draft.leaderboardMetric} onChange={(event) => set({ leaderboardMetric: event.target.value as NewMissionDraft['leaderboardMetric'], prizes: event.target.value ? (draft.prizes.length ? draft.prizes : ['']) : [] })}>
            <option value="">{t('promotions.missions.create.noLeaderboard')}</option>
            {MISSION_LEADERBOARD_METRICS.map((metric) => (
              <option key={metric} value={metric}>
                {t(`promotions.missions.kinds.${metric}`)}
              </option>
            ))}
          </Select>
        </Field>
        {draft.prizes.map((amount, index) => (
          <Field key={index} label={t('promotions.missions.create.prize', { rank: index + 1 })}>
            <Input inputMode="decimal" value={amount} onChange={(event) => set({ prizes: draft.prizes.map((prize, at) => (at === index ? event.target.value : prize)) })} />
          </Field>
        ))}
      </div>
      {draft.leaderboardMetric && (
        <Button variant="secondary" disabled={draft.prizes.length >= 100} onClick={() => set({ prizes: [...draft.prizes, ''] })}>
          {t('promotions.missions.create.addPrize')}
        </Button>
      )}
      {problem && (
        <p className={ui.alert} role="alert">
          {t(problem)}
        </p>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy}>
          {t('promotions.missions.create.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
