// "Remember me" leaves the password to the browser's password manager: the
// site keeps the username only. The login form's fields carry autocomplete="username" and
// "current-password", which every password manager understands; where the browser offers the
// Credential Management API (Chromium), the login is handed to it explicitly as well, since a
// form that never navigates is not always recognised as a successful sign-in.

interface PasswordCredentialInit {
  id: string;
  password: string;
  name?: string;
}

type PasswordCredentialConstructor = new (init: PasswordCredentialInit) => Credential;

/** The browser's PasswordCredential and credential store, when it has both. */
function credentialApi(): { PasswordCredential: PasswordCredentialConstructor; container: CredentialsContainer } | null {
  const PasswordCredential = (globalThis as { PasswordCredential?: PasswordCredentialConstructor }).PasswordCredential;
  const container = typeof navigator === 'undefined' ? undefined : navigator.credentials;
  if (typeof PasswordCredential !== 'function' || typeof container?.store !== 'function') return null;
  return { PasswordCredential, container };
}

/**
 * Offers a successful login to the browser's password manager, which asks the player whether to
 * save it. Resolves whether it was offered; never throws (a refusal or an unsupported browser
 * changes nothing for the login).
 */
export async function offerToPasswordManager(username: string, password: string): Promise<boolean> {
  const api = credentialApi();
  if (!api || !username || !password) return false;
  try {
    await api.container.store(new api.PasswordCredential({ id: username, password, name: username }));
    return true;
  } catch {
    return false;
  }
}
