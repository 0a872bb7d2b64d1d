import { Navigate, Route, Routes, useBusState, useLocation } from '@platform/shared';
import { ShellLayout } from '../features/layout';
import { RemoteSlot } from '../remotes/remote-slot';
import { NotFoundPage } from './not-found-page';
import { chromeFor, routePageOf, type RouteDefinition } from './route-table';
import { isPublicPath, siteRoutes } from './routes-in-use';

function RoutePage({ route }: { route: RouteDefinition }) {
  const location = useLocation();
  return (
    <ShellLayout chrome={chromeFor(route, location.search)}>
      <RemoteSlot {...routePageOf(route)} props={{ routeId: route.id }} />
    </ShellLayout>
  );
}

/** The guard: with the brand's logged-in-only flag, visitors only reach the public routes' paths. */
function LoggedInOnlyGuard({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const { status } = useBusState('settings');
  const { token } = useBusState('session');
  if (status?.info.site.loggedInOnlyHome && !token && !isPublicPath(location.pathname)) {
    // Keep the query: an e-mailed password-reset link (?resetToken=) must survive the redirect.
    return <Navigate to={{ pathname: '/login', search: location.search }} replace />;
  }
  return <>{children}</>;
}

export function AppRoutes() {
  return (
    <LoggedInOnlyGuard>
      <Routes>
        {siteRoutes().flatMap((route) =>
          route.paths.map((path) => <Route key={`${route.id}:${path}`} path={path} element={<RoutePage route={route} />} />),
        )}
        <Route
          path="*"
          element={
            <ShellLayout chrome={{ header: true, sideBar: true, banner: null, footer: true }}>
              <NotFoundPage />
            </ShellLayout>
          }
        />
      </Routes>
    </LoggedInOnlyGuard>
  );
}
