import { Button, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import { BLOCKS_NAMESPACE } from '../locales';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** What is copied, for screen readers ("Account number: Copy"). */
  label: string;
  testId?: string;
  variant?: 'ghost' | 'secondary';
}

/** Copies `text` to the clipboard and says "Copied" for a moment. */
export function CopyButton({ text, label, testId, variant = 'ghost' }: CopyButtonProps) {
  const { t } = useT(BLOCKS_NAMESPACE);
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
      // No clipboard (an insecure page, a refused permission): the text stays selectable.
    }
  };
  return (
    <Button variant={variant} size="sm" onClick={copy} aria-label={`${label}: ${t('copy.copy')}`} data-testid={testId}>
      <span aria-live="polite">{copied ? t('copy.copied') : t('copy.copy')}</span>
    </Button>
  );
}
