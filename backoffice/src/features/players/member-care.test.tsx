import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import { MemberCare, MemberNotes, type MemberNote } from './member-care';

// Customer service's member actions against a stubbed operator API: the resets only for a role
// allowed them, each after a confirmation with the reason; the temporary password shown once with
// a copy button; notes listed and added; a refusal in the server's words with nothing changed.

const SUPPORT = ['POST /members/:username/password-reset', 'POST /members/:username/second-factor-reset', 'GET /members/:username/notes', 'POST /members/:username/notes'];
const CASHIER = ['GET /members/:username/notes', 'POST /members/:username/notes'];

function stubApi(post: (path: string, body: unknown) => unknown) {
  const calls: string[] = [];
  let notes: MemberNote[] = [{ id: 1, text: 'Asked about the weekend bonus.', operator: 'sam', createdAt: Date.UTC(2026, 10, 1) }];
  const api: OpsClient = {
    get: jest.fn(async (path: string) => {
      calls.push(`GET ${path}`);
      return { list: notes } as never;
    }),
    post: jest.fn(async (path: string, body?: unknown) => {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      const answer = post(path, body);
      if (path.endsWith('/notes')) notes = [answer as MemberNote, ...notes];
      return answer as never;
    }),
    put: jest.fn(),
    delete: jest.fn(),
    download: jest.fn(),
  };
  return { api, calls };
}

function renderWith(api: OpsClient, permissions: string[], children: React.ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username: 'sam', merchantCode: 'DEFAULT', role: 'support' }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        {children}
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

it('resets the password after a confirmation with the reason, and shows the temporary password once with a copy button', async () => {
  const { api, calls } = stubApi(() => ({ temporaryPassword: 'Kp7mX9Qa3Wte', sessionsEnded: 2 }));
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderWith(api, SUPPORT, <MemberCare username="rahim" />);
  const care = screen.getByTestId('player-care');

  fireEvent.click(within(care).getByRole('button', { name: 'Reset password' }));
  const confirm = within(care).getByRole('button', { name: 'Replace the password' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  expect(calls).toEqual([]);
  fireEvent.change(within(care).getByLabelText('Reason: how the member was identified (kept in the audit log)'), { target: { value: ' Card number and birthday checked ' } });
  await act(async () => fireEvent.click(confirm));

  expect(calls).toEqual(['POST /members/rahim/password-reset {"reason":"Card number and birthday checked"}']);
  expect(within(care).getByRole('status').textContent).toBe('rahim has a temporary password; 2 session(s) ended.');
  const shown = screen.getByTestId('temporary-password');
  expect(within(shown).getByText('Kp7mX9Qa3Wte')).toBeTruthy();
  expect(within(shown).getByText(/Shown only this once/)).toBeTruthy();
  await act(async () => fireEvent.click(within(shown).getByRole('button', { name: 'Copy' })));
  expect(writeText).toHaveBeenCalledWith('Kp7mX9Qa3Wte');
  expect(within(shown).getByRole('button', { name: 'Copied' })).toBeTruthy();

  fireEvent.click(within(shown).getByRole('button', { name: 'Done, hide it' }));
  expect(screen.queryByTestId('temporary-password')).toBeNull();
  expect(screen.queryByText('Kp7mX9Qa3Wte')).toBeNull();
});

it('removes the second factors and says which', async () => {
  const { api, calls } = stubApi(() => ({ removed: ['totp', 'sms'] }));
  renderWith(api, SUPPORT, <MemberCare username="rahim" />);
  const care = screen.getByTestId('player-care');
  fireEvent.click(within(care).getByRole('button', { name: 'Reset second factor' }));
  fireEvent.change(within(care).getByLabelText(/Reason/), { target: { value: 'Lost phone, identity checked' } });
  await act(async () => fireEvent.click(within(care).getByRole('button', { name: 'Remove the second factors' })));
  expect(calls).toEqual(['POST /members/rahim/second-factor-reset {"reason":"Lost phone, identity checked"}']);
  expect(within(care).getByRole('status').textContent).toBe('Removed from rahim: authenticator app, SMS. Their sessions ended.');
  expect(within(care).queryByRole('button', { name: 'Remove the second factors' })).toBeNull();
});

it("shows a refusal in the server's words, keeps the form and shows no password", async () => {
  const { api } = stubApi(() => {
    throw new OpsError('No such member', 404, 'operator.member.not.found');
  });
  renderWith(api, SUPPORT, <MemberCare username="ghost" />);
  const care = screen.getByTestId('player-care');
  fireEvent.click(within(care).getByRole('button', { name: 'Reset password' }));
  fireEvent.change(within(care).getByLabelText(/Reason/), { target: { value: 'Called' } });
  await act(async () => fireEvent.click(within(care).getByRole('button', { name: 'Replace the password' })));
  expect(within(care).getByRole('alert').textContent).toBe('No such member');
  expect(screen.queryByTestId('temporary-password')).toBeNull();
  expect(within(care).getByRole('button', { name: 'Replace the password' })).toBeTruthy();
});

it('offers no reset to a role without the routes, but lets it read and add notes', async () => {
  const { api, calls } = stubApi((_path, body) => ({ id: 2, text: (body as { text: string }).text, operator: 'sam', createdAt: Date.UTC(2026, 10, 2) }));
  renderWith(api, CASHIER, (
    <>
      <MemberCare username="rahim" />
      <MemberNotes username="rahim" />
    </>
  ));
  expect(screen.queryByTestId('player-care')).toBeNull();
  const notes = screen.getByTestId('player-notes');
  expect(await within(notes).findByText('Asked about the weekend bonus.')).toBeTruthy();
  expect(within(notes).getByText(/never sees these notes/)).toBeTruthy();

  const add = within(notes).getByRole('button', { name: 'Add the note' }) as HTMLButtonElement;
  expect(add.disabled).toBe(true);
  fireEvent.change(within(notes).getByLabelText('New note'), { target: { value: 'Prefers Bangla. ' } });
  expect(within(notes).getByText('16 / 1000')).toBeTruthy();
  await act(async () => fireEvent.click(add));
  expect(calls).toEqual(['GET /members/rahim/notes', 'POST /members/rahim/notes {"text":"Prefers Bangla."}', 'GET /members/rahim/notes']);
  expect(within(notes).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['Prefers Bangla.', 'Asked about the weekend bonus.']);
  expect(within(notes).getByRole('status').textContent).toBe('Note added.');
});

it('shows no notes panel to a role that may not read them', async () => {
  const { api, calls } = stubApi(() => null);
  await act(async () => {
    renderWith(api, [], <MemberNotes username="rahim" />);
  });
  expect(screen.queryByTestId('player-notes')).toBeNull();
  expect(calls).toEqual([]);
});
