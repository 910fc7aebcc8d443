import {
  ApiOutlined,
  AppstoreOutlined,
  CreditCardOutlined,
  ExportOutlined,
  GiftOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UnlockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/** The console areas of the side menu, each an i18n key (brand terms apply through them). */
export const MENU: MenuEntry[] = [
  { path: '/console/home', label: 'nav.locks', icon: <UnlockOutlined /> },
  { path: '/group/home', label: 'nav.lockGroups', icon: <AppstoreOutlined /> },
  { path: '/plug/home', label: 'nav.gateways', icon: <ApiOutlined /> },
  { path: '/lockUser/home', label: 'nav.lockUsers', icon: <TeamOutlined /> },
  { path: '/auth/home', label: 'nav.authAdmins', icon: <SafetyCertificateOutlined /> },
  { path: '/card/manage', label: 'nav.cards', icon: <CreditCardOutlined /> },
  { path: '/console/exportRecord', label: 'nav.exportRecords', icon: <ExportOutlined /> },
  { path: '/account/service', label: 'nav.services', icon: <GiftOutlined /> },
  { path: '/account/info', label: 'nav.account', icon: <UserOutlined /> },
];

/** The menu entry a path belongs to: the longest matching prefix by area. */
export function selectedMenu(pathname: string): string | undefined {
  const area = `/${pathname.split('/')[1] ?? ''}`;
  const exact = MENU.find((entry) => entry.path === pathname);
  if (exact) return exact.path;
  if (area === '/manage' || area === '/ekey' || area === '/passcode') return '/console/home';
  if (area === '/account') return pathname === '/account/info' ? '/account/info' : '/account/service';
  return MENU.find((entry) => entry.path.startsWith(`${area}/`))?.path;
}
