import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** The pages of the value-added area (spec: Home > Value-added service), in the order the tabs show them. */
export const VALUE_ADDED_PAGES = [
  { path: '/account/service', title: 'route.services' },
  { path: '/account/record', title: 'route.purchaseRecords' },
  { path: '/account/vip', title: 'route.vip' },
  { path: '/account/smsTmpl', title: 'route.smsTemplates' },
  { path: '/account/emailTmpl', title: 'route.emailTemplates' },
] as const;

/**
 * The frame of every value-added page: tabs between them. A brand that sells no paid services
 * does not offer these routes at all (they answer "not found", the menu leaves them out).
 */
export function ValueAddedFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <Tabs
        activeKey={pathname}
        onChange={(key) => void navigate(key)}
        items={VALUE_ADDED_PAGES.map((page) => ({ key: page.path, label: t(page.title) }))}
        data-testid="value-added-nav"
      />
      {children}
    </>
  );
}
