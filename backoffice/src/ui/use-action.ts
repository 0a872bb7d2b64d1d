import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError } from '../api/ops-client';

export interface ActionOutcome {
  /** Why the last action was refused, in the server's words. */
  error: string | null;
  /** What the last action did. */
  notice: string | null;
}

const NOTHING: ActionOutcome = { error: null, notice: null };

/**
 * An operator's action on a page (approve, delete, block…): busy while it runs, then what it did
 * or why it was refused, in the server's words. `run` answers whether the action went through, so
 * the page closes its form only then.
 */
export function useAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome>(NOTHING);
  /** A failure as the operator reads it: the server's words, or a general one. */
  const errorOf = useCallback((caught: unknown) => (caught instanceof OpsError ? caught.message : t('error.unknown')), [t]);
  const run = useCallback(
    async (work: () => Promise<string>): Promise<boolean> => {
      setBusy(true);
      setOutcome(NOTHING);
      try {
        setOutcome({ error: null, notice: await work() });
        return true;
      } catch (caught) {
        setOutcome({ error: errorOf(caught), notice: null });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorOf],
  );
  return {
    busy,
    outcome,
    run,
    errorOf,
    /** Shows a notice of something done elsewhere (a form that saved on its own). */
    told: useCallback((notice: string) => setOutcome({ error: null, notice }), []),
    /** Shows a failure of something done elsewhere. */
    failed: useCallback((caught: unknown) => setOutcome({ error: errorOf(caught), notice: null }), [errorOf]),
    clear: useCallback(() => setOutcome(NOTHING), []),
  };
}
