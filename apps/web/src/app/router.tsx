import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect } from '../features/lock/list/HomeRedirect';
import { loadMessages } from '../i18n/i18n';
import { PublicLayout } from '../layouts/PublicLayout';
import { Loading } from '../ui/Loading';
import { RequireUser } from './RequireUser';
import { RouteFrame } from './RouteFrame';
import { pageAt } from './routePages';
import { CONSOLE_ROUTES, PUBLIC_ROUTES } from './routeTable';

/** The error and not-found screens load when shown. */
const ErrorPage = lazy(() => import('../features/errors/ErrorPage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));

/** The console frame and its words load with the first console screen, so the login screen stays small. */
const ConsoleLayout = lazy(async () => {
  const [layout] = await Promise.all([import('../layouts/ConsoleLayout'), loadMessages('console', 'screens')]);
  return { default: layout.ConsoleLayout };
});

/**
 * Starts loading the screen of a path (and the console frame for a console screen) before the
 * router exists: start-up fetches it side by side with the brand instead of after it.
 */
export function prefetchPage(path: string): void {
  const wanted = path === '/' ? '/login' : path;
  const spec = [...PUBLIC_ROUTES, ...CONSOLE_ROUTES].find((route) => route.path === wanted);
  if (spec) void pageAt(spec.path)?.().catch(() => undefined);
  if (spec && CONSOLE_ROUTES.includes(spec)) void import('../layouts/ConsoleLayout').catch(() => undefined);
}

/** Every route of spec section 2: public screens, the guarded console, /error and the catch-all. */
export function buildRouter() {
  const login = PUBLIC_ROUTES.find((r) => r.name === 'user-login');
  const route = (spec: (typeof PUBLIC_ROUTES)[number]): RouteObject => ({
    path: spec.path,
    element: <RouteFrame key={spec.path} spec={spec} />,
  });
  const publicChildren = PUBLIC_ROUTES.filter((spec) => !spec.screen).map(route);
  const screens = PUBLIC_ROUTES.filter((spec) => spec.screen).map(route);
  if (login) publicChildren.push({ path: '/', element: <RouteFrame spec={login} /> });
  const consoleRoutes: RouteObject[] = CONSOLE_ROUTES.map((spec) => ({
    path: spec.path,
    element: (
      <RequireUser>
        <Suspense fallback={<Loading fullscreen />}>
          <ConsoleLayout spec={spec}>
            <RouteFrame key={spec.path} spec={spec} />
          </ConsoleLayout>
        </Suspense>
      </RequireUser>
    ),
  }));
  return createBrowserRouter([
    {
      errorElement: (
        <Suspense fallback={<Loading fullscreen />}>
          <ErrorPage />
        </Suspense>
      ),
      children: [
        { element: <PublicLayout />, children: publicChildren },
        ...screens,
        {
          path: '/home',
          element: (
            <RequireUser>
              <HomeRedirect />
            </RequireUser>
          ),
        },
        ...consoleRoutes,
        {
          path: '/error',
          element: (
            <Suspense fallback={<Loading />}>
              <ErrorPage />
            </Suspense>
          ),
        },
        {
          path: '*',
          element: (
            <Suspense fallback={<Loading />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ]);
}

export type ConsoleRouter = ReturnType<typeof buildRouter>;
