import { MANAGE_TABS } from '../app/manageTabs';
import type { RouteSpec } from '../app/routeTable';
import { type MenuPath, menuEntry, selectedMenu } from './menuModel';

/** One step of the breadcrumb. */
export interface Crumb {
  key: 'area' | 'lock' | 'page';
  /** Its words: an i18n key, or the words themselves (a lock's name). */
  label: { key: string } | { text: string };
  /** Where it leads; none for the page itself. */
  to?: string;
  /** The menu area it names (it shows that entry's icon). */
  area?: MenuPath;
}

/** The lock a lock page is about, once known. */
export interface TrailLock {
  lockId: number;
  lockName: string;
}

const isDetailTab = (path: string) => MANAGE_TABS.some((tab) => path === `/manage/${tab}`);

/**
 * The breadcrumb of a console route, in the side menu's words: the menu area it belongs to (the
 * entry's own label, so one thing has one name), on a lock's pages the lock by its name, then
 * the page. A route that is itself a menu entry is its area alone.
 */
export function breadcrumbTrail(spec: Pick<RouteSpec, 'path' | 'title' | 'trail'>, lock?: TrailLock): Crumb[] {
  const crumbs: Crumb[] = [];
  const area = selectedMenu(spec.path);
  if (area) {
    const entry = menuEntry(area);
    crumbs.push({ key: 'area', label: { key: entry.label }, area, ...(area === spec.path ? {} : { to: area }) });
  }
  if (lock && spec.trail === 'lockInfo') {
    crumbs.push({
      key: 'lock',
      label: { text: lock.lockName },
      ...(isDetailTab(spec.path) ? {} : { to: `/manage/ekey?lockId=${lock.lockId}` }),
    });
  }
  if (area !== spec.path) crumbs.push({ key: 'page', label: { key: spec.title } });
  return crumbs;
}

/** A lock page's browser-tab title: "page - lock - site", so tabs of several locks tell apart. */
export function pageTitle(title: string, siteName: string, lockName?: string): string {
  return lockName ? `${title} - ${lockName} - ${siteName}` : `${title} - ${siteName}`;
}
