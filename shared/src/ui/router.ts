/**
 * The react-router the portal uses, and only that: every app imports the router from here
 * (`@portal/shared/router`), never from 'react-router' (Biome and a unit test refuse it), except the
 * shell's server renderer, which needs the static handler and is never sent to a browser.
 *
 * Why: a Module Federation shared module keeps every export of what it shares, because any remote
 * might use any of them. Sharing 'react-router' itself sent its framework mode, server handlers,
 * session and cookie helpers (cookie-es) and RSC support to every first visit: 51 kB br of the
 * home page. Sharing this list instead lets the bundler drop the rest; it stays one singleton (one
 * router context), like '@portal/shared/chakra' (docs/decisions/0016, 0040).
 *
 * Adding an export: a remote that uses a newly added name needs a shell build that provides it,
 * like any change to a shared singleton.
 */
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  RouterProvider,
  redirect,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
