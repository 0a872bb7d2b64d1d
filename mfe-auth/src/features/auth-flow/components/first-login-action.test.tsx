import { bus, type BusCommand, type LoginResult } from '@platform/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { makeMember, makeStatus, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import LoginModal from './login-modal';

// At login, the first-time flag triggers a first-login action. Ours opens My Account (the
// member centre's security centre) once the popup has closed, for a session that starts from a
// first-time login; a password login of such an account goes to the forced change first.

const LOGIN: LoginResult = { token: 'tok-1', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 1 };
const MEMBER = makeMember({ account: 'player01' });

function recordCommands(): { commands: BusCommand[]; stop: () => void } {
  const commands: BusCommand[] = [];
  const subscriptions = [bus.on('openMemberCenter').subscribe((command) => commands.push(command)), bus.on('closeOverlay').subscribe((command) => commands.push(command))];
  return { commands, stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}

async function smsLogin() {
  const onClose = jest.fn();
  const order: string[] = [];
  onClose.mockImplementation(() => order.push('close'));
  const opened = bus.on('openMemberCenter').subscribe(() => order.push('openMemberCenter'));
  renderWithProviders(<LoginModal tab="login" onClose={onClose} />, { route: '/lottery' });
  await settle();
  fireEvent.click(screen.getByTestId('login-method'));
  fireEvent.click(screen.getByTestId('login-method-sms'));
  fireEvent.change(screen.getByTestId('login-mobileNum'), { target: { value: '1712345678' } });
  fireEvent.change(screen.getByTestId('login-code'), { target: { value: '111111' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
  });
  await settle();
  opened.unsubscribe();
  return { onClose, order };
}

describe('the first-login action', () => {
  beforeEach(() => setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3', 'MOBILEVERCODELOGIN3') })));

  it('a first-time SMS login closes the popup, then opens the security centre', async () => {
    stubApi({ login: { ...LOGIN, firstTimeLogin: true }, memberInfo: MEMBER });
    const { commands, stop } = recordCommands();
    const { order } = await smsLogin();
    stop();
    expect(bus.get('session').token).toBe('tok-1');
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'securityCenter' }]);
    // After the close: a host's close would otherwise close the member centre with the popup.
    expect(order).toEqual(['close', 'openMemberCenter']);
  });

  it('an ordinary login opens nothing more', async () => {
    stubApi({ login: LOGIN, memberInfo: MEMBER });
    const { commands, stop } = recordCommands();
    const { onClose } = await smsLogin();
    stop();
    expect(onClose).toHaveBeenCalled();
    expect(commands).toEqual([]);
  });

  it('a first-time password login goes to the forced change, not the security centre', async () => {
    stubApi({ login: { ...LOGIN, firstTimeLogin: true }, memberInfo: MEMBER });
    const { commands, stop } = recordCommands();
    renderWithProviders(<LoginModal tab="login" onClose={jest.fn()} />, { route: '/' });
    await settle();
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'agentkid' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'given1' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await settle();
    stop();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    expect(commands).toEqual([]);
  });
});
