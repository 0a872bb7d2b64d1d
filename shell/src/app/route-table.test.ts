import type { RemoteRoute } from '@platform/contract';
import { buildRouteTable, type RouteDefinition } from './route-table';

// The site's route table is built from the routes each remote brings with its /remotes.json entry;
// the shell keeps its own for a remote that brings none, and refuses what a remote may not bring.

const crash: RemoteRoute = { id: 'games-crash', paths: ['/crash'], module: './GameCategoryPage', layout: 'full', banner: 'w_games' };

const at = (table: RouteDefinition[], path: string) => table.find((route) => route.paths.includes(path));

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

it('routes a page a remote brings, in the layout it names, with no change of the shell', () => {
  const table = buildRouteTable([{ name: 'mfe_lobby', routes: [crash] }]);
  expect(at(table, '/crash')).toEqual({
    remote: 'mfe_lobby',
    module: './GameCategoryPage',
    id: 'games-crash',
    paths: ['/crash'],
    chrome: { header: true, sideBar: true, footer: true, banner: 'w_games' },
  });
  // The lobby's routes are the ones it brought, not the shell's idea of them.
  expect(at(table, '/promotions')).toBeUndefined();
  expect(warn).not.toHaveBeenCalled();
});

it('keeps its own routes for a remote whose entry brings none (a release built before, a development server) or that is not served', () => {
  const table = buildRouteTable([{ name: 'mfe_lobby', routes: [crash] }, { name: 'mfe_auth' }]);
  expect(at(table, '/login')).toMatchObject({ remote: 'mfe_auth', module: './LoginPage', public: true, chrome: { header: true, sideBar: false, footer: false, banner: null } });
  expect(at(table, '/vnlottery')).toMatchObject({ remote: 'mfe_lottery', module: './VnLotteryPage', chrome: { header: false, sideBar: false, footer: false, banner: null } });
  expect(at(table, '/crash')).toMatchObject({ remote: 'mfe_lobby' });

  // No answer at all: the shell's own table, every route it knows.
  const own = buildRouteTable([]);
  expect(at(own, '/')).toMatchObject({ id: 'home', remote: 'mfe_lobby', module: './HomePage', chrome: { banner: 'w_home' } });
  expect(at(own, '/hot')).toMatchObject({ id: 'games-hot', module: './GameCategoryPage', chrome: { banner: 'w_games' } });
  expect(at(own, '/seamless')).toMatchObject({ barsByQueryFlag: true, chrome: { header: false } });
  expect(at(own, '/game')).toMatchObject({ module: './GameFramePage', chrome: { header: true, sideBar: false, footer: false, banner: null } });
  expect(own.filter((route) => route.public).flatMap((route) => route.paths)).toEqual(['/register', '/register.html', '/login', '/helpmc', '/down', '/download']);
  expect(warn).not.toHaveBeenCalled();
});

it("leaves out, with a warning, a route placing a module the interface knows is no route page, or no module's name, or in a layout the shell does not have", () => {
  const table = buildRouteTable([
    {
      name: 'mfe_lobby',
      routes: [
        crash,
        { id: 'escape', paths: ['/escape'], module: '../shell/Secrets', layout: 'full' },
        { id: 'odd', paths: ['/odd'], module: './HelpPage', layout: 'sidebar-only' },
      ],
    },
    { name: 'mfe_auth', routes: [{ id: 'login-modal', paths: ['/login-modal'], module: './LoginModal', layout: 'full' }] },
  ]);
  expect(table.filter((route) => route.remote !== 'mfe_lottery').map((route) => route.id)).toEqual(['games-crash']);
  expect(warn.mock.calls.map(([message]) => message)).toEqual([
    "[routes] mfe_auth's route login-modal is left out: ./LoginModal is not a route page",
    "[routes] mfe_lobby's route escape is left out: ../shell/Secrets is not a route page",
    "[routes] mfe_lobby's route odd is left out: the shell has no layout sidebar-only",
  ]);
});

it('routes a page module newer than the shell (a release that brings a page of its own), placed as a route page', () => {
  const table = buildRouteTable([{ name: 'mfe_lobby', routes: [{ id: 'tournaments', paths: ['/tournaments'], module: './TournamentsPage', layout: 'full' }] }]);
  expect(table.find((route) => route.id === 'tournaments')).toMatchObject({ remote: 'mfe_lobby', module: './TournamentsPage', paths: ['/tournaments'] });
  expect(warn).not.toHaveBeenCalled();
});

it("gives a path two remotes claim to the first in the shell's order (auth before lobby), with a warning", () => {
  const table = buildRouteTable([
    { name: 'mfe_lobby', routes: [{ id: 'lobby-login', paths: ['/login', '/welcome'], module: './HomePage', layout: 'full' }, crash] },
    { name: 'mfe_auth', routes: [{ id: 'login', paths: ['/login'], module: './LoginPage', layout: 'header-only' }] },
  ]);
  expect(at(table, '/login')).toMatchObject({ remote: 'mfe_auth', id: 'login' });
  expect(at(table, '/welcome')).toMatchObject({ remote: 'mfe_lobby', id: 'lobby-login', paths: ['/welcome'] });
  expect(warn.mock.calls).toEqual([["[routes] mfe_lobby's route lobby-login does not get /login: another route has it"]]);
});
