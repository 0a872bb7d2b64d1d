// User info: the account name and the password typed at login, kept in this page's
// memory only (never in storage), so that a forced password change need not ask for the old one.

export interface UserInfo {
  userName: string;
  /** Absent after a reload or an SMS login: the change-password form then asks for it. */
  password?: string;
}

let current: UserInfo | null = null;

export function rememberUserInfo(info: UserInfo): void {
  current = { ...info };
}

export function getUserInfo(): UserInfo | null {
  return current;
}

export function forgetUserInfo(): void {
  current = null;
}
