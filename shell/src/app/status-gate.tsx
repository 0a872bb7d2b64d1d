import { useBusState, type SystemStatus, type SystemStatusCode } from '@platform/shared';
import type { ReactNode } from 'react';
import { IpRestrictionPage, MaintenancePage } from '../features/system-status';

/** The root view: 1 if maintenance, else 2 if region restriction, else 0. */
export function statusCodeOf(status: SystemStatus): SystemStatusCode {
  if (status.maintenance) return 1;
  if (status.regionRestriction) return 2;
  return 0;
}

/** The root view by system status: the app, the maintenance page or the IP-restriction page. */
export function StatusGate({ children }: { children: ReactNode }) {
  const { status } = useBusState('settings');
  if (!status) return null;
  switch (statusCodeOf(status)) {
    case 1:
      return <MaintenancePage />;
    case 2:
      return <IpRestrictionPage />;
    default:
      return <>{children}</>;
  }
}
