import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './member-care.module.css';

/** A staff note as GET /members/:username/notes answers it (operator module, member-care.routes.ts). */
export interface MemberNote {
  id: number;
  text: string;
  operator: string;
  createdAt: number;
}

/** The server's limit of a note (member_note.text). */
export const NOTE_MAX_LENGTH = 1000;

type Reset = 'password' | 'secondFactor';
const RESET_ROUTES: Record<Reset, string> = { password: 'password-reset', secondFactor: 'second-factor-reset' };

/**
 * Customer service's help for a member who cannot get in: a temporary password (shown here once,
 * never again: the server keeps only its hash) or removing a second factor they lost. Each asks
 * for a confirmation with the reason (how the caller was identified, kept in the audit trail).
 */
export function MemberCare({ username }: { username: string }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const [open, setOpen] = useState<Reset | null>(null);
  const [reason, setReason] = useState('');
  const [temporary, setTemporary] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { busy, outcome, run } = useAction();
  const allowed = (['password', 'secondFactor'] as const).filter((reset) => may(`POST /members/:username/${RESET_ROUTES[reset]}`));
  if (allowed.length === 0) return null;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    const reset = open;
    void run(async () => {
      const path = `/members/${encodeURIComponent(username)}/${RESET_ROUTES[reset]}`;
      if (reset === 'password') {
        const answer = await api.post<{ temporaryPassword: string; sessionsEnded: number }>(path, { reason: reason.trim() });
        setTemporary(answer.temporaryPassword);
        setCopied(false);
        setReason('');
        setOpen(null);
        return t('players.care.passwordReset', { username, sessions: answer.sessionsEnded });
      }
      const answer = await api.post<{ removed: string[] }>(path, { reason: reason.trim() });
      setReason('');
      setOpen(null);
      return answer.removed.length === 0
        ? t('players.care.noSecondFactor', { username })
        : t('players.care.secondFactorReset', { username, factors: answer.removed.map((factor) => t(`players.care.factors.${factor}`, { defaultValue: factor })).join(', ') });
    });
  };
  const copy = async () => {
    if (!temporary || !navigator.clipboard) return;
    await navigator.clipboard.writeText(temporary);
    setCopied(true);
  };

  return (
    <section className={ui.panel} aria-label={t('players.care.title')} data-testid="player-care">
      <h3 className={styles.title}>{t('players.care.title')}</h3>
      <div className={ui.actions}>
        {allowed.map((reset) => (
          <Button
            key={reset}
            variant="secondary"
            onClick={() => {
              setOpen(open === reset ? null : reset);
              setReason('');
            }}
          >
            {t(`players.care.${reset}`)}
          </Button>
        ))}
      </div>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {temporary && (
        <div className={styles.secret} data-testid="temporary-password">
          <p className={styles.warning}>{t('players.care.temporaryWarning')}</p>
          <code className={styles.code}>{temporary}</code>
          <div className={ui.actions}>
            <Button variant="secondary" onClick={() => void copy()}>
              {t(copied ? 'players.care.copied' : 'players.care.copy')}
            </Button>
            <Button variant="secondary" onClick={() => setTemporary(null)}>
              {t('players.care.done')}
            </Button>
          </div>
        </div>
      )}
      {open && (
        <form className={styles.form} onSubmit={confirm}>
          <p className={styles.warning}>{t(`players.care.${open}Explain`)}</p>
          <Field label={t('players.care.reason')}>
            <Input required maxLength={500} value={reason} autoFocus onChange={(event) => setReason(event.target.value)} />
          </Field>
          <Button type="submit" variant="danger" disabled={busy || !reason.trim()}>
            {t(`players.care.${open}Confirm`)}
          </Button>
        </form>
      )}
    </section>
  );
}

/** Staff notes on a member, newest first, for every desk allowed to read them; never shown to the member. */
export function MemberNotes({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const mayRead = may('GET /members/:username/notes');
  const mayAdd = may('POST /members/:username/notes');
  const notes = useLoad(() => (mayRead ? api.get<{ list: MemberNote[] }>(`/members/${encodeURIComponent(username)}/notes`) : Promise.resolve(null)), [username, mayRead]);
  const [text, setText] = useState('');
  const { busy, outcome, run } = useAction();
  if (!mayRead) return null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post<MemberNote>(`/members/${encodeURIComponent(username)}/notes`, { text: text.trim() });
      setText('');
      await notes.reload();
      return t('players.care.noteAdded');
    });
  };

  return (
    <section className={ui.panel} aria-label={t('players.care.notes')} data-testid="player-notes">
      <h3 className={styles.title}>{t('players.care.notes')}</h3>
      <p className={styles.hint}>{t('players.care.notesHint')}</p>
      {mayAdd && (
        <form className={styles.noteForm} onSubmit={add}>
          <Field label={t('players.care.newNote')}>
            <textarea className={`${ui.input} ${styles.textarea}`} required maxLength={NOTE_MAX_LENGTH} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <span className={styles.hint}>{t('players.care.length', { length: text.length, max: NOTE_MAX_LENGTH })}</span>
          <Button type="submit" disabled={busy || !text.trim()}>
            {t('players.care.addNote')}
          </Button>
        </form>
      )}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? notes.error}</ErrorMessage>
      {notes.data && notes.data.list.length === 0 && <p className={ui.empty}>{t('players.care.noNotes')}</p>}
      {notes.data && notes.data.list.length > 0 && (
        <ol className={styles.notes}>
          {notes.data.list.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.noteText}>{note.text}</p>
              <span className={styles.hint}>
                {note.operator} · {formatTime(note.createdAt, locale)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
