// Renders a back office page as the signed-in frame gives it: the translations (host and every
// section's), and the operator's session with its permissions, against an OpsClient the test
// stubs (the network edge of the page).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { OpsClient } from '../api/ops-client';
import { BackOfficeContext } from '../app/session-context';
import { createI18n, type Language } from './i18n';

/** An OpsClient whose every call is recorded ("POST /path {body}") and answered by `handle`. */
export function recordingApi(handle: (method: string, path: string, body?: unknown) => unknown) {
  const calls: string[] = [];
  const call = (method: string) =>
    jest.fn(async (path: string, body?: unknown) => {
      calls.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
      return handle(method, path, body) as never;
    });
  const api: OpsClient = { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE'), download: jest.fn() };
  return { api, calls };
}

export function renderInOffice(
  page: ReactElement,
  { api, permissions, username = 'alice', role = 'admin', language = 'EN' }: { api: OpsClient; permissions: string[]; username?: string; role?: string; language?: Language },
) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username, merchantCode: 'DEFAULT', role }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        {page}
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}
