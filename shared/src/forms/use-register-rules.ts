import { api, sessionStore, useBusState, useCall } from '@platform/shared';
import { registerSettingsCall } from '@platform/contract';
import type { RegisterFieldRule } from '../types/wire';

export type RegisterRules = Record<string, RegisterFieldRule>;

const NO_RULES: RegisterRules = {};

/** The server's rules, also written where the forms' copy lives (validationSettings). */
async function loadRegisterRules(): Promise<RegisterRules> {
  const value = await api.cached(registerSettingsCall);
  const rules = (value ?? {}) as RegisterRules;
  sessionStore.set('validationSettings', rules);
  return rules;
}

/**
 * The server's per-field rules (`GET /wps/system/setting/register`, cached per language and
 * merchant, and kept for the page: a form opened later has them from its first render). Until
 * they arrive, and when they cannot be had (the API client has told the player), the copy in the
 * system status is used, so forms never wait.
 */
export function useRegisterRules(): RegisterRules {
  const { status } = useBusState('settings');
  const fetched = useCall(loadRegisterRules, [], { cache: 'registerRules' });
  const rules = fetched.status === 'success' ? fetched.data : fetched.status === 'loading' ? fetched.staleData : undefined;
  return rules ?? status?.info.register ?? NO_RULES;
}
