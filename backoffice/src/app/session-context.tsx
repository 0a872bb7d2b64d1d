// The signed-in operator and the API client bound to them, for every section.
import { createContext, useContext } from 'react';
import type { OpsClient } from '../api/ops-client';
import type { OperatorSession } from '../session/session-store';

export interface BackOffice {
  session: OperatorSession;
  api: OpsClient;
  /** Whether the operator's role may call the route ("POST /deposits/:number/approve"). */
  may: (route: string) => boolean;
  signOut: () => void;
}

export const BackOfficeContext = createContext<BackOffice | null>(null);

export function useBackOffice(): BackOffice {
  const value = useContext(BackOfficeContext);
  if (!value) throw new Error('useBackOffice outside the signed-in back office');
  return value;
}
