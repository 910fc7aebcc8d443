import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../ui/Loading';
import { useUserInfo } from './userInfo';

/** A guarded route: user info is loaded once; when that fails the user goes to the login screen. */
export function RequireUser({ children }: { children: ReactNode }) {
  const info = useUserInfo();
  const location = useLocation();
  if (info.isPending) return <Loading fullscreen />;
  if (info.isError) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}
