import { sessionStore } from '@platform/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiFailure, renderWithProviders, settle, setStatus, stubApi } from '@platform/shared/testing';
import { rememberUserInfo } from '../../../lib/user-info';
import { ChangePasswordModal } from './change-password-modal';

const PENDING = { token: 'pending', firstTimeLogin: true, passwordExpired: false, userName: 'player01', id: 1 };

async function renderModal() {
  const onClose = jest.fn();
  const onChanged = jest.fn();
  renderWithProviders(<ChangePasswordModal onClose={onClose} onChanged={onChanged} />);
  await settle();
  return { onClose, onChanged };
}

const fill = (name: string, value: string) => fireEvent.change(screen.getByTestId(`change-password-${name}`), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('change-password-submit'));
  });
  await settle();
};

beforeEach(() => {
  setStatus();
  sessionStore.set('login', PENDING);
  sessionStore.set('cpw', true);
});

describe('ChangePasswordModal', () => {
  it('asks for the old password when none is held (after a reload), and checks every field', async () => {
    const { callsOf } = stubApi({ changePassword: null, logout: null });
    await renderModal();
    expect((screen.getByTestId('change-password-username') as HTMLInputElement).value).toBe('player01');
    await submit();
    expect(screen.getByText('Old password not empty')).toBeTruthy();
    expect(screen.getByText('New password not empty')).toBeTruthy();
    expect(screen.getByText('Confirm new password not empty')).toBeTruthy();
    fill('oldPassword', 'old123');
    fill('newPassword', 'short');
    fill('confirmNewPassword', 'short');
    await submit();
    expect(screen.getByText('8-64 characters')).toBeTruthy();
    expect(callsOf('changePassword')).toHaveLength(0);
  });

  it('sends the change with the pending login token, ends that login and goes back to the login form', async () => {
    rememberUserInfo({ userName: 'player01' });
    const { callsOf } = stubApi({ changePassword: null, logout: null });
    const { onChanged } = await renderModal();
    fill('oldPassword', 'old123');
    fill('newPassword', 'newpass99');
    fill('confirmNewPassword', 'newpass99');
    await submit();
    expect(callsOf('changePassword')).toEqual([
      { data: { oldPassword: 'old123', newPassword: 'newpass99', confirmNewPassword: 'newpass99' }, headers: { Authorization: 'pending' } },
    ]);
    expect(callsOf('logout')).toEqual([{ headers: { Authorization: 'pending' } }]);
    expect(sessionStore.get('cpw')).toBeNull();
    expect(onChanged).toHaveBeenCalledWith('player01');
  });

  it("tells what the new password takes, and shows the server's refusal of a common one under it", async () => {
    stubApi({
      changePassword: apiFailure('password.too.common', 'This password is too common and easy to guess; please choose another', { field: 'newPassword' }),
    });
    await renderModal();
    expect(screen.getByTestId('change-password-newPassword-hint').textContent).toBe(
      '8-64 characters; letters, digits, symbols and spaces are all welcome. Common or leaked passwords are not accepted.',
    );
    fill('oldPassword', 'old123');
    fill('newPassword', 'password1');
    fill('confirmNewPassword', 'password1');
    await submit();
    const newPassword = screen.getByTestId('change-password-newPassword').closest('div')!.parentElement!;
    expect(within(newPassword).getByRole('alert').textContent).toBe('This password is too common and easy to guess; please choose another');
  });

  it("keeps the form open with the server's message when it is not reported elsewhere", async () => {
    stubApi({ changePassword: apiFailure('TOO_MANY_REQUESTS', 'too many requests, try again after 5 minutes', null, 429) });
    const { onChanged } = await renderModal();
    fill('oldPassword', 'old123');
    fill('newPassword', 'newpass99');
    fill('confirmNewPassword', 'newpass99');
    await submit();
    expect(screen.getByTestId('change-password-error').textContent).toBe('too many requests, try again after 5 minutes');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('closing it gives the pending login up', async () => {
    const { callsOf } = stubApi({ logout: null });
    const { onClose } = await renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    expect(onClose).toHaveBeenCalled();
    expect(sessionStore.get('login')).toBeNull();
    expect(callsOf('logout')).toEqual([{ headers: { Authorization: 'pending' } }]);
  });
});
