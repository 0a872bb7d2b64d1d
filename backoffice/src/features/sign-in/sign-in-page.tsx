import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createOpsClient, OpsError } from '../../api/ops-client';
import type { OperatorIdentity, OperatorSession } from '../../session/session-store';
import { Button, ErrorMessage, Field, Input, ui } from '../../ui/ui';
import styles from './sign-in.module.css';

interface SignedIn {
  token: string;
  expiresAt: number;
  operator: OperatorIdentity;
}

/**
 * The operator signs in with the merchant's code, their name, password and the authenticator's
 * current code (each code once; five failures lock the name for a while, the server's rule).
 */
export function SignInPage({ onSignedIn, notice }: { onSignedIn: (session: OperatorSession) => void; notice?: string | null }) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState({ merchant: '', username: '', password: '', otp: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    let token: string | null = null;
    const api = createOpsClient({ token: () => token, language: () => i18n.language, onSessionEnded: () => undefined });
    try {
      const signedIn = await api.post<SignedIn>('/session', { merchant: form.merchant.trim(), username: form.username.trim(), password: form.password, otp: form.otp.trim() });
      token = signedIn.token;
      const { permissions } = await api.get<{ permissions: string[] }>('/session');
      onSignedIn({ token: signedIn.token, expiresAt: signedIn.expiresAt, operator: signedIn.operator, permissions });
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
      setForm((current) => ({ ...current, password: '', otp: '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <form className={[ui.panel, styles.form].join(' ')} onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          {t('signIn.title')}
        </h1>
        {notice && <p className={styles.hint}>{notice}</p>}
        <Field label={t('signIn.merchant')}>
          <Input name="merchant" autoComplete="organization" required maxLength={32} pattern="[A-Za-z0-9_\-]{1,32}" value={form.merchant} onChange={(event) => set('merchant')(event.target.value)} />
        </Field>
        <Field label={t('signIn.username')}>
          <Input name="username" autoComplete="username" required maxLength={40} value={form.username} onChange={(event) => set('username')(event.target.value)} />
        </Field>
        <Field label={t('signIn.password')}>
          <Input name="password" type="password" autoComplete="current-password" required maxLength={200} value={form.password} onChange={(event) => set('password')(event.target.value)} />
        </Field>
        <Field label={t('signIn.otp')}>
          <Input name="otp" inputMode="numeric" autoComplete="one-time-code" required pattern="[0-9]{6}" maxLength={6} value={form.otp} onChange={(event) => set('otp')(event.target.value)} />
        </Field>
        <ErrorMessage>{error}</ErrorMessage>
        <Button type="submit" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
