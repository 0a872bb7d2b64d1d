import { COMMON_NAMESPACE, useT } from '@platform/shared';
import { useCallback } from 'react';
import type { RegisterFieldRule } from '../types/wire';
import { lengthText } from './validation';

/**
 * The text under a new-password field: the merchant's rule with its bounds (the server sends them
 * with the policy's floors, 8 and at least 64), and that common passwords are refused — the
 * server checks an offline list the browser does not download (password.too.common).
 */
export function usePasswordHint(): (rule: RegisterFieldRule | undefined) => string | undefined {
  const { t } = useT(COMMON_NAMESPACE);
  return useCallback(
    (rule) => {
      if (!rule) return undefined;
      const length = lengthText(rule);
      const ruleText = rule.patternId === 0 || rule.acceptedPattern === '*' ? t('forms.password_any', { length }) : t(`forms.reg_pattern_${rule.patternId}`, { length });
      return t('forms.password_hint', { rule: ruleText });
    },
    [t],
  );
}
