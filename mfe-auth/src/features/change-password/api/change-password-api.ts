import { api } from '@platform/shared';
import { changePasswordCall, logoutCall } from '@platform/contract';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * `POST /wps/member/password` (encrypted). A forced change runs before the login's token became
 * the tab's session, so that token is named here (as the legacy page changePassword does).
 */
export async function changePassword(change: PasswordChange, token: string | null): Promise<void> {
  await api.call(changePasswordCall, { data: change, headers: token ? { Authorization: token } : undefined });
}

/** Ends the login that was only kept for the forced change: the player logs in again. */
export async function endPendingLogin(token: string): Promise<void> {
  try {
    await api.call(logoutCall, { headers: { Authorization: token } });
  } catch {
    // Already ended, or the server is unreachable: the token is forgotten here either way.
  }
}
