import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, settle, setStatus, stubApi } from '@platform/shared/testing';
import { leaveSite } from '../../../lib/leave-site';
import { SocialLoginButtons } from './social-login-buttons';

// Leaving for the provider is the browser's edge: recorded instead of navigating jsdom away.
jest.mock('../../../lib/leave-site', () => ({ leaveSite: jest.fn() }));

beforeEach(() => setStatus());

describe('SocialLoginButtons', () => {
  it('shows nothing when the site configured no provider', async () => {
    stubApi({ oauthProviders: { list: [] } });
    renderWithProviders(<SocialLoginButtons />);
    await settle();
    expect(screen.queryByTestId('social-login')).toBeNull();
  });

  it('offers each configured provider and starts its login, coming back to this page', async () => {
    stubApi({
      oauthProviders: {
        list: [
          { provider: 'google', label: 'Google', startUrl: '/wps/session/oauth/google/start' },
          { provider: 'facebook', label: 'Facebook', startUrl: '/wps/session/oauth/facebook/start' },
        ],
      },
    });
    renderWithProviders(<SocialLoginButtons />, { route: '/lottery?gameCode=SSC1&oauthError=oauth.login.failed' });
    await settle();
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with Facebook' }));
    expect(leaveSite).toHaveBeenCalledWith('/wps/session/oauth/facebook/start?returnTo=%2Flottery%3FgameCode%3DSSC1');
  });
});
