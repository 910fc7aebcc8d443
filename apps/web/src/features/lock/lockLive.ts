import type { LiveMessages } from '@smartlock/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LockDetail, LockListPage } from './lockApi';
import { lockKeys } from './lockKeys';

type LockEvent = LiveMessages['lock'];
type LiveFacts = Pick<LockEvent, 'lockId' | 'state' | 'battery'>;

/** A page of locks with one lock's bolt and battery as the event says; the same page when it is not on it. */
export function pageWithLockEvent<I extends LiveFacts, P extends { list: I[] }>(page: P, event: LockEvent): P {
  if (!page.list.some((item) => item.lockId === event.lockId)) return page;
  return {
    ...page,
    list: page.list.map((item) =>
      item.lockId === event.lockId ? { ...item, state: event.state, battery: event.battery } : item,
    ),
  };
}

/** A lock's detail with the event's bolt and battery, when the event is about it. */
export function detailWithLockEvent<D extends LiveFacts>(detail: D, event: LockEvent): D {
  if (detail.lockId !== event.lockId) return detail;
  return { ...detail, state: event.state, battery: event.battery };
}

/** Applies a live bolt/battery change to every cached lock list and the lock's detail, without a reload. */
export function applyLockEvent(queries: QueryClient, event: LockEvent): void {
  queries.setQueriesData<LockListPage>({ queryKey: lockKeys.lists() }, (page) =>
    page ? pageWithLockEvent(page, event) : page,
  );
  queries.setQueryData<LockDetail>(lockKeys.detail(event.lockId), (detail) =>
    detail ? detailWithLockEvent(detail, event) : detail,
  );
}
