// Carries out launch plans (launch-plan.ts) for the game screens below it: login required, the
// vendor's launch, the /game frame, and the launch's answers the lobby explains itself (no
// toast): not enough balance → deposit; vendor under maintenance → its window and popular games;
// vendor not connected). Also follows the bus's launchGame command (a banner's GAME linkage).
import {
  bus,
  isApiError,
  requireRealAccount,
  SESSION_ENDED_CODES,
  useLocation,
  useNavigate,
  type ApiError,
} from '@platform/shared';
import { CLIENT_ERROR_CODES } from '@platform/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setFrameUrl } from './frame-url';
import { launchGame, launchTrial } from './games-api';
import { lobbyGameOf, lobbyGamesOf, type LobbyGame } from './game-model';
import type { LaunchProblem } from './launch-problem-dialog';
import { planGameLaunch, planVendorEntry, type LaunchPlan, type VendorEntry } from './launch-plan';
import { lazyPart } from './lazy-screen';

// The dialogs open only after a click: chunks of their own, not part of the pages' first load.
// A launch fetches the refusal dialog's chunk as it starts, so that a refusal shows at once.
const loadLaunchProblemDialog = () => import(/* webpackChunkName: "lobby-launch-problem-dialog" */ './launch-problem-dialog');
const LaunchProblemDialog = lazyPart(async () => ({ default: (await loadLaunchProblemDialog()).LaunchProblemDialog }));
const VendorGamesDialog = lazyPart(async () => ({
  default: (await import(/* webpackChunkName: "lobby-vendor-games-dialog" */ './vendor-games-dialog')).VendorGamesDialog,
}));
const RoomListDialog = lazyPart(async () => ({ default: (await import(/* webpackChunkName: "lobby-room-list-dialog" */ './room-list-dialog')).RoomListDialog }));

export interface Launcher {
  /** A click on a game tile. */
  openGame: (game: LobbyGame) => void;
  /** A click on a vendor entry; `onCategoryPage` when shown on its own category's page. */
  openVendor: (vendor: VendorEntry, onCategoryPage: boolean) => void;
  /** Play money, without an account (games with trial play). */
  tryGame: (game: LobbyGame) => void;
  /** The key of the game being launched (nodeId or vendor code), null when none. */
  busyKey: string | null;
}

const LauncherContext = createContext<Launcher | null>(null);

export function useLauncher(): Launcher {
  const launcher = useContext(LauncherContext);
  if (!launcher) throw new Error('useLauncher needs a <LauncherProvider>');
  return launcher;
}

/** Numbers of a maintenance window (epoch ms): value.content.data or value.maintenanceStart/End. */
function maintenanceOf(error: ApiError): LaunchProblem {
  const value = (error.value ?? {}) as Record<string, unknown>;
  const window = ((value.content as Record<string, unknown> | undefined)?.data ?? {}) as Record<string, unknown>;
  const time = (...candidates: unknown[]) => candidates.find((candidate): candidate is number => typeof candidate === 'number') ?? null;
  return {
    kind: 'maintenance',
    message: error.message,
    start: time(window.maintainTime, value.maintenanceStart),
    end: time(window.endTime, value.maintenanceEnd),
    suggestions: lobbyGamesOf(value.suggestions),
  };
}

export function LauncherProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [problem, setProblem] = useState<LaunchProblem | null>(null);
  const [vendorGames, setVendorGames] = useState<{ vassalage: string; gameType: string } | null>(null);
  const [roomsOf, setRoomsOf] = useState<LobbyGame | null>(null);
  const busy = useRef(false);
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  const openFrame = useCallback(
    (url: string) => {
      setFrameUrl(url);
      if (pathnameRef.current !== '/game') navigate('/game');
    },
    [navigate],
  );

  const explain = useCallback((error: unknown) => {
    if (!isApiError(error)) throw error;
    if (error.errorCode === CLIENT_ERROR_CODES.canceled) return;
    // Without a session the client has opened the login popup already.
    if (error.errorCode === CLIENT_ERROR_CODES.notLoggedIn && error.status === 0) return;
    switch (error.errorCode) {
      case 'launch_game_balance_not_enough':
        setProblem({ kind: 'balance', message: error.message });
        return;
      case 'vendor_under_maintenance':
        setProblem(maintenanceOf(error));
        return;
      case 'game.vendor.not_connected':
        setProblem({ kind: 'not-connected', message: error.message });
        return;
      default:
        break;
    }
    // The launch calls are quiet (the lobby explains them): say the rest as the client would.
    if (error.status === 401 || SESSION_ENDED_CODES.has(error.errorCode)) {
      bus.dispatch({ type: 'toast', level: 'warning', message: error.message });
      bus.dispatch({ type: 'logout' });
      return;
    }
    bus.dispatch({ type: 'toast', level: 'error', message: error.message });
  }, []);

  /** One launch at a time: a second click while one runs does nothing. */
  const run = useCallback(
    async (key: string, start: () => Promise<string>) => {
      if (busy.current) return;
      busy.current = true;
      setBusyKey(key);
      void loadLaunchProblemDialog().catch(() => undefined);
      try {
        openFrame(await start());
      } catch (error) {
        explain(error);
      } finally {
        busy.current = false;
        setBusyKey(null);
      }
    },
    [explain, openFrame],
  );

  const carryOut = useCallback(
    (plan: LaunchPlan, game: LobbyGame | null) => {
      setProblem(null);
      switch (plan.kind) {
        case 'navigate':
          navigate(plan.to);
          return;
        case 'vendor-games':
          setVendorGames({ vassalage: plan.vassalage, gameType: plan.gameType });
          return;
        case 'launch':
          // A game is played logged in (a guest account is told to register).
          if (!requireRealAccount()) return;
          // A PVP game is played in one of its rooms: the list first.
          if (game && plan.gameType === 'PVP' && plan.nodeId) {
            setRoomsOf(game);
            return;
          }
          setVendorGames(null);
          void run(plan.nodeId ?? plan.vassalage, () => launchGame(plan));
          return;
        default:
          return;
      }
    },
    [navigate, run],
  );

  const launcher = useMemo<Launcher>(
    () => ({
      openGame: (game) => carryOut(planGameLaunch(game), game),
      openVendor: (vendor, onCategoryPage) => carryOut(planVendorEntry(vendor, onCategoryPage), null),
      tryGame: (game) => {
        setProblem(null);
        setVendorGames(null);
        void run(game.nodeId, () => launchTrial(game));
      },
      busyKey,
    }),
    [busyKey, carryOut, run],
  );

  // A banner's GAME linkage (shell/src/features/banner) asks for a launch on the bus.
  const launcherRef = useRef(launcher);
  launcherRef.current = launcher;
  useEffect(() => {
    const subscription = bus.on('launchGame').subscribe(({ game }) => {
      if (!game.gameCode && !game.nodeId) {
        launcherRef.current.openVendor({ vassalage: game.vassalage, gameCategory: game.gameType }, true);
        return;
      }
      launcherRef.current.openGame(
        lobbyGameOf({ nodeId: game.nodeId, gameCode: game.gameCode, vassalage: game.vassalage, gameType: game.gameType }),
      );
    });
    return () => subscription.unsubscribe();
  }, []);

  return (
    <LauncherContext.Provider value={launcher}>
      {children}
      {problem && <LaunchProblemDialog problem={problem} onClose={() => setProblem(null)} />}
      {vendorGames && <VendorGamesDialog {...vendorGames} onClose={() => setVendorGames(null)} />}
      {roomsOf && (
        <RoomListDialog
          game={roomsOf}
          onClose={() => setRoomsOf(null)}
          onEnter={(roomId) => {
            const game = roomsOf;
            setRoomsOf(null);
            void run(game.nodeId, () => launchGame({ vassalage: game.vassalage, nodeId: game.nodeId, roomId }));
          }}
          onNoRooms={() => {
            const game = roomsOf;
            setRoomsOf(null);
            void run(game.nodeId, () => launchGame({ vassalage: game.vassalage, nodeId: game.nodeId, gameId: game.gameCode }));
          }}
        />
      )}
    </LauncherContext.Provider>
  );
}
