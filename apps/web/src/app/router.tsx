import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { finishProgress, startProgress } from '../lib/progress';
import { guardContext } from './guard-context';
import { runGuards, type Refusal } from './guards';
import { showWarning } from '../lib/feedback';
import { translate } from '../lib/i18n';
import { setPageTitle } from './page-title';
import { LoginPage } from '../features/auth/login-page';
import { PAGE_LOADERS, loadDefaultLayout, loadNotFoundPage } from './pages';
import { RouteErrorPage } from './route-error';
import { LAYOUT_ROUTES, LOGIN_PATH, matchAppRoute } from './route-table';

let lastRouteName: string | null = null;

/** The spec redirects a refused page; the user is told which page and why, not left wondering. */
function tellRefused(refused: Refusal): void {
  const page = translate(refused.page);
  showWarning(
    refused.target ? translate('guard.refused', { page, target: translate(refused.target) }) : translate('guard.refusedNoTarget', { page }),
  );
}

/** Runs on every navigation: title, login check, permission check (spec section 4). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  startProgress();
  try {
    const url = new URL(request.url);
    if (url.pathname === '/') return redirect(LOGIN_PATH);
    const route = matchAppRoute(url.pathname);
    setPageTitle(route.meta.locale);
    const outcome = await runGuards(
      { route, pathname: url.pathname, query: Object.fromEntries(url.searchParams) },
      lastRouteName,
      guardContext,
    );
    if (outcome.kind === 'redirect') {
      if (outcome.refused) tellRefused(outcome.refused);
      return redirect(outcome.to);
    }
    lastRouteName = route.name;
    return null;
  } finally {
    finishProgress();
  }
}

function BootScreen() {
  return <div className="boot-screen" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    // Guards must see every navigation, not only those that change the root's params.
    shouldRevalidate: () => true,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, loader: () => redirect(LOGIN_PATH) },
      // In the entry chunk: the first page of every visit loads in one round of requests (issue 9's load budget).
      { id: 'login', path: LOGIN_PATH, Component: LoginPage },
      {
        id: 'layout',
        lazy: loadDefaultLayout,
        children: LAYOUT_ROUTES.map((route) => ({ id: route.name, path: route.path, lazy: PAGE_LOADERS[route.name] })),
      },
      { id: 'notFound', path: '*', lazy: loadNotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
