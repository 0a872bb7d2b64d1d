import { api, sessionStore, useBusState } from '@platform/shared';
import { useEffect, useState } from 'react';
import { registerSettingsCall } from '../contract';
import type { RegisterFieldRule } from '../types/wire';

export type RegisterRules = Record<string, RegisterFieldRule>;

let loaded: RegisterRules | null = null;

/** Forgets the fetched rules (tests). */
export function resetRegisterRulesForTests(): void {
  loaded = null;
}

/**
 * The server's per-field rules (`GET /wps/system/setting/register`, cached per language and
 * merchant). Until they arrive, the copy in the system status is used, so forms never wait.
 */
export function useRegisterRules(): RegisterRules {
  const { status } = useBusState('settings');
  const [rules, setRules] = useState<RegisterRules>(() => loaded ?? status?.info.register ?? {});

  useEffect(() => {
    let live = true;
    api
      .cached(registerSettingsCall)
      .then((value) => {
        const fetched = (value ?? {}) as RegisterRules;
        loaded = fetched;
        sessionStore.set('validationSettings', fetched);
        if (live) setRules(fetched);
      })
      // The status copy stays in use; the API client has told the player.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!loaded && status?.info.register) setRules(status.info.register);
  }, [status]);

  return rules;
}
