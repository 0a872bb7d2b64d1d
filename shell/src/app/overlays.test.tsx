import { bus } from '@platform/shared';
import { act, screen } from '@testing-library/react';
import { currentLocation, logIn, makeStatus, renderWithProviders, setStatus } from '@platform/shared/testing';
import { Overlays } from './overlays';

// The federation runtime cannot run under Jest: each remote module renders as a stand-in that
// names itself and shows the props the shell gave it.
jest.mock('../remotes/load-remote-module', () => ({
  loadRemoteComponent: async (remote: string, exposed: string) => ({
    default: (props: Record<string, unknown>) => (
      <div data-testid="remote-stand-in" data-remote={remote} data-module={exposed}>
        {JSON.stringify(Object.fromEntries(Object.entries(props).filter(([, value]) => typeof value !== 'function')))}
      </div>
    ),
  }),
}));
jest.mock('../remotes/remote-registry', () => ({ resetRemote: () => undefined, getRegisteredRemote: () => ({}) }));

const standIn = () => screen.findByTestId('remote-stand-in');

describe('Overlays', () => {
  it('shows the auth remote’s LoginModal on the tab the openLogin command asks for', async () => {
    setStatus();
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openLogin', tab: 'register' }));
    const modal = await standIn();
    expect(modal.dataset.remote).toBe('mfe_auth');
    expect(modal.dataset.module).toBe('./LoginModal');
    expect(JSON.parse(modal.textContent ?? '{}')).toEqual({ tab: 'register' });
  });

  it('sends openRegister to the /register page when the site registers on a page, else to the popup', async () => {
    setStatus(makeStatus({ site: { registerPage: true } }));
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openRegister' }));
    expect(currentLocation()).toBe('/register');
    expect(screen.queryByTestId('remote-stand-in')).toBeNull();
  });

  it('opens the register tab of the popup for openRegister otherwise', async () => {
    setStatus();
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openRegister' }));
    expect(JSON.parse((await standIn()).textContent ?? '{}')).toEqual({ tab: 'register' });
  });

  it('opens the auth popup for an e-mailed password-reset link', async () => {
    setStatus();
    renderWithProviders(<Overlays />, { route: '/?resetToken=abc' });
    expect((await standIn()).dataset.module).toBe('./LoginModal');
  });

  it('opens the auth popup on the return from a social login', async () => {
    setStatus();
    renderWithProviders(<Overlays />, { route: '/lottery?oauthCode=xyz' });
    expect((await standIn()).dataset.module).toBe('./LoginModal');
  });

  it.each([
    ['an agent', 1],
    ['a player, who applies there to become one', 0],
  ])('opens the agent-centre remote for %s', async (_, isAgent) => {
    setStatus();
    logIn({ isAgent });
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openAgentCenter', page: 'registerCenter' }));
    const centre = await standIn();
    expect(centre.dataset.remote).toBe('mfe_agent_center');
    expect(centre.dataset.module).toBe('./AgentCenter');
    expect(JSON.parse(centre.textContent ?? '{}')).toEqual({ page: 'registerCenter' });
  });

  it('does not open the agent centre for a guest account, and asks a visitor to log in', async () => {
    setStatus();
    logIn({ isAgent: 4 });
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openAgentCenter', page: 'agentAnnouncement' }));
    await act(async () => undefined);
    expect(screen.queryByTestId('remote-stand-in')).toBeNull();

    act(() => bus.set('session', { token: null, isAgent: null, member: null }));
    act(() => bus.dispatch({ type: 'openAgentCenter', page: 'agentAnnouncement' }));
    expect((await standIn()).dataset.module).toBe('./LoginModal');
  });

  it('does not open the member centre for a guest account', async () => {
    setStatus();
    logIn({ isAgent: 4 });
    renderWithProviders(<Overlays />);
    act(() => bus.dispatch({ type: 'openMemberCenter', page: 'depositv2' }));
    await act(async () => undefined);
    expect(screen.queryByTestId('remote-stand-in')).toBeNull();
  });
});
