import type { RemoteRoute } from '@platform/contract';
import { currentLocation, logIn, makeSite, makeStatus, renderWithProviders, setStatus } from '@platform/shared/testing';
import { screen } from '@testing-library/react';
import { AppRoutes } from './app-routes';
import { routeByRemotes } from './routes-in-use';

// The routes the remotes bring, placed by the shell behind its guard: with the brand's
// logged-in-only flag a visitor reaches only the routes marked public, wherever they come from.
// The layout and the remote's page are stand-ins here: what is tested is which page a path gets.
jest.mock('../features/layout', () => ({
  ShellLayout: ({ chrome, children }: { chrome: object; children: React.ReactNode }) => <div data-chrome={JSON.stringify(chrome)}>{children}</div>,
}));
jest.mock('../remotes/remote-slot', () => ({
  RemoteSlot: ({ remote, module, props }: { remote: string; module: string; props: { routeId: string } }) => <p data-testid="page">{`${remote} ${module} ${props.routeId}`}</p>,
}));

const crash: RemoteRoute = { id: 'games-crash', paths: ['/crash'], module: './GameCategoryPage', layout: 'full', banner: 'w_games' };

afterEach(() => routeByRemotes([]));

it('places a page a remote brings at its path, in its layout', () => {
  routeByRemotes([{ name: 'mfe_lobby', routes: [crash] }]);
  renderWithProviders(<AppRoutes />, { route: '/crash' });
  expect(screen.getByTestId('page').textContent).toBe('mfe_lobby ./GameCategoryPage games-crash');
  expect(JSON.parse(screen.getByTestId('page').parentElement?.getAttribute('data-chrome') ?? '')).toEqual({ header: true, sideBar: true, footer: true, banner: 'w_games' });
});

describe("the guard, with the brand's logged-in-only flag", () => {
  beforeEach(() => setStatus(makeStatus({ site: makeSite({ loggedInOnlyHome: true }) })));

  it('sends a visitor on a route that is not public to the login, keeping the query', () => {
    routeByRemotes([{ name: 'mfe_lobby', routes: [crash] }]);
    renderWithProviders(<AppRoutes />, { route: '/crash?resetToken=abc' });
    // The login is public by the shell's own table: the auth remote brought no routes here.
    expect(currentLocation()).toBe('/login?resetToken=abc');
    expect(screen.getByTestId('page').textContent).toBe('mfe_auth ./LoginPage login');
  });

  it('lets a visitor reach a route its remote marks public', () => {
    routeByRemotes([{ name: 'mfe_lobby', routes: [{ ...crash, public: true }] }]);
    renderWithProviders(<AppRoutes />, { route: '/crash' });
    expect(currentLocation()).toBe('/crash');
    expect(screen.getByTestId('page').textContent).toBe('mfe_lobby ./GameCategoryPage games-crash');
  });

  it('follows the public flag the remote sends over the one the shell knew', () => {
    // The shell's own table has the download page public; this lobby release does not.
    routeByRemotes([{ name: 'mfe_lobby', routes: [{ id: 'download', paths: ['/download'], module: './DownloadPage', layout: 'full' }] }]);
    renderWithProviders(<AppRoutes />, { route: '/download' });
    expect(currentLocation()).toBe('/login');
  });

  it('lets a logged-in player reach every route', () => {
    logIn();
    routeByRemotes([{ name: 'mfe_lobby', routes: [crash] }]);
    renderWithProviders(<AppRoutes />, { route: '/crash' });
    expect(currentLocation()).toBe('/crash');
  });
});
