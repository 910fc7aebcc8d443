import { useCallback } from 'react';
import { useConsole } from './context';
import { CONSOLE_ROUTES, type RouteSpec } from './routeTable';

/** What of a brand decides which routes it offers. */
export interface BrandOffer {
  hasPaidFeature: boolean;
}

/** Whether a brand offers a route: those needing paid services only where the brand sells them. */
export function isOffered(spec: Pick<RouteSpec, 'paid'>, brand: BrandOffer): boolean {
  return spec.paid !== true || brand.hasPaidFeature;
}

/** Whether a brand offers the console route a link goes to (its path, query ignored); unknown paths are not. */
export function isPathOffered(to: string, brand: BrandOffer): boolean {
  const path = to.split(/[?#]/)[0];
  const spec = CONSOLE_ROUTES.find((route) => route.path === path);
  return spec !== undefined && isOffered(spec, brand);
}

/** Whether this site's brand offers the console route a link goes to: hide links to what it does not. */
export function useOffered(): (to: string) => boolean {
  const { brand } = useConsole();
  return useCallback((to: string) => isPathOffered(to, brand), [brand]);
}
