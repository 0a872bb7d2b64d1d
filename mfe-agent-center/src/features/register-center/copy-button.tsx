import { Button, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import { NAMESPACE } from './translations';

/** Copies `text` to the clipboard; says "Copied" for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useT(NAMESPACE);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the link stays selectable.
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={`${label}: ${t('copy')}`} data-testid={testId}>
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </Button>
  );
}
