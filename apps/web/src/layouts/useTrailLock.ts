import { parseLockId, SessionStorageKey } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConsole } from '../app/context';
import type { RouteSpec } from '../app/routeTable';
import { lockKeys } from '../features/lock/lockKeys';
import { readSession } from '../storage/secureSession';
import { pageTitle, type TrailLock } from './breadcrumbs';

/**
 * The lock a lock page is about (its lockId from the query, else the one kept in session storage
 * for routes that take it from there), once its detail is known: the breadcrumb and the
 * browser-tab title name it. Shares the lock detail's query, so the detail page asks once.
 */
export function useTrailLock(spec: Pick<RouteSpec, 'trail' | 'lockId'>): TrailLock | undefined {
  const { api } = useConsole();
  const [params] = useSearchParams();
  const raw = params.get('lockId');
  const [stored, setStored] = useState<number>();
  const wanted = spec.trail === 'lockInfo';
  const fromSession = wanted && spec.lockId === true && raw === null;
  useEffect(() => {
    if (!fromSession) return;
    let live = true;
    void readSession(SessionStorageKey.lockId).then((value) => {
      if (live) setStored(parseLockId(value));
    });
    return () => {
      live = false;
    };
  }, [fromSession]);
  const lockId = !wanted ? undefined : raw !== null ? parseLockId(raw) : fromSession ? stored : undefined;
  const detail = useQuery({
    queryKey: lockKeys.detail(lockId ?? 0),
    queryFn: () => api.call(lock.detail, { lockId: lockId as number }),
    enabled: lockId !== undefined,
  });
  return lockId !== undefined && detail.data ? { lockId, lockName: detail.data.lockName } : undefined;
}

/**
 * A lock page's browser-tab title names the lock: "page - lock - site". Set from the console
 * frame, whose effects run after the route's own ("page - site"), so it is the one that stays.
 */
export function useLockPageTitle(titleKey: string, lockName: string | undefined): void {
  const { t } = useTranslation();
  const { brand } = useConsole();
  useEffect(() => {
    if (lockName) document.title = pageTitle(t(titleKey), brand.name, lockName);
  }, [t, titleKey, brand.name, lockName]);
}
