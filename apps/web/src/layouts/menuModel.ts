import { type BrandOffer, isPathOffered } from '../app/offered';
import { CONSOLE_ROUTES, type RouteSpec } from '../app/routeTable';

/** The console areas of the side menu, in order: each is the route at its path. */
export const MENU_PATHS = [
  '/console/home',
  '/stays',
  '/group/home',
  '/plug/home',
  '/lockUser/home',
  '/auth/home',
  '/card/manage',
  '/console/exportRecord',
  '/account/service',
  '/audit/home',
  '/account/info',
  '/account/developer',
] as const;
export type MenuPath = (typeof MENU_PATHS)[number];

export interface MenuEntry {
  path: MenuPath;
  /**
   * The i18n key of its words: the title of the route it opens, so the menu, that page's heading
   * and every breadcrumb naming it say the same (one word per thing; brand terms apply through it).
   */
  label: string;
}

function routeAt(path: string): RouteSpec {
  const spec = CONSOLE_ROUTES.find((route) => route.path === path);
  if (!spec) throw new Error(`no console route at ${path}`);
  return spec;
}

export const MENU: readonly MenuEntry[] = MENU_PATHS.map((path) => ({ path, label: routeAt(path).title }));

/** The menu a brand shows: the areas it offers (no value-added services or exports where it sells no paid ones). */
export function menuFor(brand: BrandOffer): MenuEntry[] {
  return MENU.filter((entry) => isPathOffered(entry.path, brand));
}

/** The menu entry a path belongs to: the entry itself, else its area. */
export function selectedMenu(pathname: string): MenuPath | undefined {
  const area = `/${pathname.split('/')[1] ?? ''}`;
  const exact = MENU.find((entry) => entry.path === pathname);
  if (exact) return exact.path;
  if (area === '/manage' || area === '/ekey' || area === '/passcode') return '/console/home';
  if (area === '/account') return pathname === '/account/info' ? '/account/info' : '/account/service';
  return MENU.find((entry) => entry.path.startsWith(`${area}/`))?.path;
}

export function menuEntry(path: MenuPath): MenuEntry {
  return MENU.find((entry) => entry.path === path) as MenuEntry;
}
