import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RemoteSlot } from './remote-slot';

// The federation runtime cannot run under Jest: the remote's module is a promise the test settles.
let settle: (module: { default: ComponentType<object> }) => void = () => undefined;
jest.mock('./load-remote-module', () => ({
  loadRemoteComponent: () => new Promise((resolve) => (settle = resolve)),
}));
jest.mock('./remote-registry', () => ({ resetRemote: () => undefined, getRegisteredRemote: () => ({}) }));

const Page = () => <p data-testid="page">A short page</p>;

describe('RemoteSlot', () => {
  it('gives a page a screen’s height while its remote loads and once it is there, so the footer does not move', async () => {
    render(<RemoteSlot remote="mfe_lobby" module="./HomePage" props={{ routeId: 'home' }} />);
    const loading = screen.getByTestId('remote-page-loading');
    // CSS Modules are identity proxies here: the class name is the rule's name (min-height: 100vh).
    expect(loading.className).toBe('page');
    await act(async () => settle({ default: Page }));
    const page = await screen.findByTestId('page');
    expect(page.parentElement?.className).toBe('page');
    expect(page.parentElement?.dataset.remoteSlot).toBe('mfe_lobby');
  });

  it('adds no box of its own for a popup', async () => {
    render(<RemoteSlot remote="mfe_auth" module="./LoginModal" props={{ tab: 'login', onClose: () => undefined }} compact />);
    expect(screen.queryByTestId('remote-page-loading')).toBeNull();
    await act(async () => settle({ default: Page }));
    expect((await screen.findByTestId('page')).parentElement?.className).toBe('compact');
  });
});
