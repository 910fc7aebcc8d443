import { parseLockId, SessionStorageKey } from '@smartlock/contract';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { readSession, writeSession } from '../storage/secureSession';
import { Loading } from '../ui/Loading';
import { Outcome } from '../ui/Outcome';
import { useConsole } from './context';
import { RouteLockId } from './routeLockId';
import { type PageLoader, pageAt } from './routePages';
import type { RouteSpec } from './routeTable';

/** A screen still to come says so; the notice loads when shown. */
const ComingSoon = lazy(() => import('../features/coming/ComingSoon').then((m) => ({ default: m.ComingSoon })));

const lazyPages = new Map<PageLoader, ComponentType>();
function pageOf(spec: RouteSpec): ComponentType | undefined {
  const loader = pageAt(spec.path);
  if (!loader) return undefined;
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}

/** "route title - site name". */
export function useTitle(titleKey: string): void {
  const { t } = useTranslation();
  const { brand } = useConsole();
  useEffect(() => {
    document.title = `${t(titleKey)} - ${brand.name}`;
  }, [t, titleKey, brand.name]);
}

/**
 * The lockId rule: a positive integer with no leading zero, from the query or else from
 * session storage (kept there, encrypted, once valid); otherwise the bad-parameter message.
 */
function useLockId(required: boolean): { state: 'checking' | 'ok' | 'bad'; lockId?: number } {
  const [params] = useSearchParams();
  const raw = params.get('lockId');
  const [state, setState] = useState<{ state: 'checking' | 'ok' | 'bad'; lockId?: number }>({
    state: required ? 'checking' : 'ok',
  });
  useEffect(() => {
    if (!required) return;
    if (raw !== null) {
      const lockId = parseLockId(raw);
      if (lockId === undefined) setState({ state: 'bad' });
      else {
        setState({ state: 'ok', lockId });
        void writeSession(SessionStorageKey.lockId, String(lockId));
      }
      return;
    }
    void readSession(SessionStorageKey.lockId).then((stored) => {
      const lockId = parseLockId(stored);
      setState(lockId === undefined ? { state: 'bad' } : { state: 'ok', lockId });
    });
  }, [raw, required]);
  return state;
}

/**
 * A route's precondition (spec section 2): records need a record type in the query, else they
 * go to manage/ekey; card/send needs card-number information passed in or kept in session
 * storage, else it returns to card/manage. Passed-in information is kept (encrypted) for reloads.
 */
function usePrecondition(requires: RouteSpec['requires']): 'checking' | 'ok' | string {
  const [params] = useSearchParams();
  const passed = (useLocation().state as { cardNumberMsg?: unknown } | null)?.cardNumberMsg;
  const [state, setState] = useState<'checking' | 'ok' | string>(requires ? 'checking' : 'ok');
  useEffect(() => {
    if (!requires) return;
    if ('oneOf' in requires) {
      setState(requires.oneOf.some((name) => params.has(name)) ? 'ok' : requires.otherwise);
      return;
    }
    if (passed !== undefined) {
      void writeSession(SessionStorageKey.cardNumberMsg, JSON.stringify(passed)).then(() => setState('ok'));
      return;
    }
    void readSession(SessionStorageKey.cardNumberMsg).then((kept) => setState(kept ? 'ok' : requires.otherwise));
  }, [requires, params, passed]);
  return state;
}

/** The path to go to instead, keeping the lockId the user came with. */
function elsewhere(path: string, params: URLSearchParams): string {
  const lockId = params.get('lockId');
  return lockId ? `${path}?lockId=${encodeURIComponent(lockId)}` : path;
}

/**
 * One route: its title, its lockId rule, its precondition, and its screen (or the plain "coming"
 * notice), in an element that names the route (`data-route`, no box of its own) so a test knows
 * which route's screen is showing.
 */
export function RouteFrame({ spec }: { spec: RouteSpec }) {
  return (
    <div data-route={spec.path} style={{ display: 'contents' }}>
      <RouteScreen spec={spec} />
    </div>
  );
}

function RouteScreen({ spec }: { spec: RouteSpec }) {
  const { t } = useTranslation();
  useTitle(spec.title);
  const [params] = useSearchParams();
  const lock = useLockId(spec.lockId === true);
  const precondition = usePrecondition(spec.requires);
  const Page = useMemo(() => pageOf(spec), [spec]);
  if (precondition !== 'ok' && precondition !== 'checking')
    return <Navigate to={elsewhere(precondition, params)} replace />;
  if (lock.state === 'checking' || precondition === 'checking') return <Loading />;
  if (lock.state === 'bad') {
    return (
      <Outcome
        status="warning"
        title={t('client.http400')}
        subTitle={t('errors.lockIdInvalid')}
        data-testid="bad-lock-id"
      />
    );
  }
  if (!Page) {
    return (
      <Suspense fallback={<Loading />}>
        <ComingSoon titleKey={spec.title} />
      </Suspense>
    );
  }
  return (
    <RouteLockId.Provider value={lock.lockId}>
      <Suspense fallback={<Loading />}>
        <Page key={lock.lockId} />
      </Suspense>
    </RouteLockId.Provider>
  );
}
