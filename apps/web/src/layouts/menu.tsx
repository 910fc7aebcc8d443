import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  CodeOutlined,
  CreditCardOutlined,
  ExportOutlined,
  GiftOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UnlockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuPath } from './menuModel';

/** Each menu area's icon; the breadcrumb's first step shows the same one. */
export const MENU_ICONS: Record<MenuPath, ReactNode> = {
  '/console/home': <UnlockOutlined />,
  '/stays': <CalendarOutlined />,
  '/group/home': <AppstoreOutlined />,
  '/plug/home': <ApiOutlined />,
  '/lockUser/home': <TeamOutlined />,
  '/auth/home': <SafetyCertificateOutlined />,
  '/card/manage': <CreditCardOutlined />,
  '/console/exportRecord': <ExportOutlined />,
  '/account/service': <GiftOutlined />,
  '/audit/home': <AuditOutlined />,
  '/account/info': <UserOutlined />,
  '/account/developer': <CodeOutlined />,
};
