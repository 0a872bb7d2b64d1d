/**
 * The router every app uses, through this package: `@platform/shared` is the page's one shared
 * copy (a federation singleton), so the shell's <BrowserRouter> and a remote's useNavigate() meet
 * in one router context. react-router itself is not shared at run time: shared whole, it would
 * load all of it (data routers, server rendering, cookies: ~60 KiB gzip) on every page; through
 * this module a build keeps only what the apps use. Apps never import react-router directly (a
 * dependency rule refuses it: tools/dependency-check, router-through-shared): a remote's own copy would have a router context of its own.
 * An export added here is an addition to the shared package's API (a minor version).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
