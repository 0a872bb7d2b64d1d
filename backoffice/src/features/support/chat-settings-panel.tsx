import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './support.module.css';

/** The languages the merchant's away message and scripts may be written in (the server's CHAT_LANGUAGES). */
const LANGUAGES = ['EN', 'CN', 'BN', 'ID', 'TH', 'TY', 'VI'] as const;

interface ChatSettingsView {
  settings: {
    enabled: boolean;
    timeZoneOffsetMinutes: number;
    hours: { days: number[]; from: string; to: string }[] | null;
    awayMessage: Record<string, string>;
  };
  /** Operators answer now (within the hours). */
  online: boolean;
}

interface ScriptRow {
  scriptId?: number;
  question: string;
  answer: string;
  texts?: Record<string, { question?: string; answer?: string }>;
}

/**
 * The merchant's live chat: on or off, the away message (per language) and the scripted quick
 * questions with their answers. Read by customer service; changed by those whose role may (each
 * change audited by the server). The working hours are shown; they are set with the ops tool.
 */
export function ChatSettingsPanel() {
  return (
    <div className={styles.settings}>
      <SettingsForm />
      <ScriptsForm />
    </div>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<ChatSettingsView>('/chat/settings'), []);
  const { busy, outcome, run } = useAction();
  const [draft, setDraft] = useState<{ enabled: boolean; awayMessage: Record<string, string> } | null>(null);
  const [language, setLanguage] = useState<string>('EN');
  const mayChange = may('PUT /chat/settings');
  useEffect(() => {
    if (data) setDraft({ enabled: data.settings.enabled, awayMessage: { ...data.settings.awayMessage } });
  }, [data]);
  if (error && !data) return <ErrorMessage>{error}</ErrorMessage>;
  if (!data || !draft) return <p role="status">{t('loading')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // Only the messages written: an empty one is not a message.
      const awayMessage = Object.fromEntries(Object.entries(draft.awayMessage).filter(([, text]) => text.trim()).map(([code, text]) => [code, text.trim()]));
      await api.put('/chat/settings', { enabled: draft.enabled, awayMessage });
      void reload();
      return t('support.settings.saved');
    });
  };
  const hours = data.settings.hours;
  return (
    <form className={`${ui.panel} ${styles.reply}`} onSubmit={submit} aria-label={t('support.settings.title')}>
      <h2 className={styles.heading}>{t('support.settings.title')}</h2>
      <p className={styles.muted} data-testid="chat-online">
        {t(data.online ? 'support.settings.online' : 'support.settings.offline')}
      </p>
      <label className={styles.check}>
        <input type="checkbox" checked={draft.enabled} disabled={!mayChange} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
        {t('support.settings.enabled')}
      </label>
      <p className={styles.muted}>
        {hours === null
          ? t('support.settings.aroundTheClock')
          : hours.length === 0
            ? t('support.settings.never')
            : t('support.settings.hours', { hours: hours.map((window) => `${window.days.join(',')} ${window.from}–${window.to}`).join('; '), offset: data.settings.timeZoneOffsetMinutes })}
      </p>
      <div className={ui.toolbar}>
        <Field label={t('support.settings.language')}>
          <Select value={language} onChange={(event) => setLanguage(event.target.value)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <label className={styles.replyLabel}>
        <span>{t('support.settings.awayMessage', { language })}</span>
        <textarea
          className={`${ui.input} ${styles.textarea}`}
          maxLength={1000}
          readOnly={!mayChange}
          value={draft.awayMessage[language] ?? ''}
          onChange={(event) => setDraft({ ...draft, awayMessage: { ...draft.awayMessage, [language]: event.target.value } })}
        />
      </label>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {mayChange && (
        <div className={ui.actions}>
          <Button type="submit" disabled={busy}>
            {t('support.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function ScriptsForm() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<{ list: ScriptRow[] }>('/chat/scripts'), []);
  const { busy, outcome, run } = useAction();
  const [rows, setRows] = useState<ScriptRow[] | null>(null);
  const mayChange = may('PUT /chat/scripts');
  useEffect(() => {
    if (data) setRows(data.list.map((row) => ({ ...row })));
  }, [data]);
  if (error && !data) return <ErrorMessage>{error}</ErrorMessage>;
  if (!rows) return <p role="status">{t('loading')}</p>;

  const change = (index: number, key: 'question' | 'answer', value: string) => setRows(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // The whole list in order: a script keeps its id (members' quick questions keep working).
      const list = rows.map((row) => ({ ...(row.scriptId ? { scriptId: row.scriptId } : {}), question: row.question.trim(), answer: row.answer.trim(), ...(row.texts ? { texts: row.texts } : {}) }));
      await api.put('/chat/scripts', { list });
      void reload();
      return t('support.scripts.saved', { count: list.length });
    });
  };
  return (
    <form className={`${ui.panel} ${styles.reply}`} onSubmit={submit} aria-label={t('support.scripts.title')}>
      <h2 className={styles.heading}>{t('support.scripts.title')}</h2>
      <p className={styles.muted}>{t('support.scripts.intro')}</p>
      {rows.length === 0 && <p className={ui.empty}>{t('support.scripts.none')}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.scriptId ?? `new-${index}`} className={styles.script} data-testid="chat-script">
          <Field label={t('support.scripts.question')}>
            <Input required maxLength={200} readOnly={!mayChange} value={row.question} onChange={(event) => change(index, 'question', event.target.value)} />
          </Field>
          <label className={styles.replyLabel}>
            <span>{t('support.scripts.answer')}</span>
            <textarea className={`${ui.input} ${styles.textarea}`} required maxLength={1000} readOnly={!mayChange} value={row.answer} onChange={(event) => change(index, 'answer', event.target.value)} />
          </label>
          {mayChange && (
            <div className={ui.actions}>
              <Button variant="danger" onClick={() => setRows(rows.filter((_, at) => at !== index))}>
                {t('support.scripts.remove')}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {mayChange && (
        <div className={ui.actions}>
          <Button variant="secondary" disabled={rows.length >= 50} onClick={() => setRows([...rows, { question: '', answer: '' }])}>
            {t('support.scripts.add')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('support.scripts.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
