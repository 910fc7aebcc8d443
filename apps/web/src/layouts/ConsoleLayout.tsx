import {
  DownOutlined,
  LeftOutlined,
  LogoutOutlined,
  MenuOutlined,
  RightOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, Space, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../api/failureMessage';
import { useConsole } from '../app/context';
import { isOffered } from '../app/offered';
import type { RouteSpec } from '../app/routeTable';
import { clearUserInfo, useUserInfo } from '../app/userInfo';
import { AlertBell } from '../features/alert/AlertBell';
import { logOut } from '../features/auth/authApi';
import NotFoundPage from '../features/errors/NotFoundPage';
import { BrandMark } from './BrandMark';
import { ConsoleBreadcrumb } from './ConsoleBreadcrumb';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MENU_ICONS } from './menu';
import { menuFor, selectedMenu } from './menuModel';
import { useLockPageTitle, useTrailLock } from './useTrailLock';
import './consoleMenu.css';
import { HeadingLevel } from '../ui/PageHeading';

/** What a route the brand does not offer shows instead: the not-found page, in the console's frame. */
const NOT_OFFERED: Pick<RouteSpec, 'path' | 'title'> = { path: '/error', title: 'route.notFound' };

/** The page's title: its one h1, the size of a level-4 title. */
const PAGE_TITLE: CSSProperties = { margin: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };
/** On a narrow screen the title wraps (the header grows with it) rather than being cut off. */
const PAGE_TITLE_NARROW: CSSProperties = { margin: 0, fontSize: 16, lineHeight: 1.25, overflowWrap: 'anywhere' };

/** The authenticated frame: side menu, header with language and account, breadcrumbs, footer. */
export function ConsoleLayout({ spec, children }: { spec: RouteSpec; children: ReactNode }) {
  const { t } = useTranslation();
  const { api, brand } = useConsole();
  const { data: me } = useUserInfo();
  const location = useLocation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const { token } = theme.useToken();
  const narrow = !screens.lg;
  const offered = isOffered(spec, brand);
  const shown = offered ? spec : NOT_OFFERED;
  // A lock's pages name the lock in the breadcrumb and the browser tab (set after the route's own title).
  const trailLock = useTrailLock(offered ? spec : {});
  useLockPageTitle(shown.title, trailLock?.lockName);

  async function logout() {
    try {
      await logOut(api);
    } catch (error) {
      message.error(errorText(t, error));
    }
    clearUserInfo(queries);
    navigate('/login', { replace: true });
  }

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selectedMenu(location.pathname) ?? '']}
      onClick={() => setDrawer(false)}
      className="console-menu"
      items={menuFor(brand).map((entry) => ({
        key: entry.path,
        icon: MENU_ICONS[entry.path],
        label: <Link to={entry.path}>{t(entry.label)}</Link>,
      }))}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main" data-testid="skip-link">
        {t('header.skipToMain')}
      </a>
      {narrow ? (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          width={260}
          title={<BrandMark />}
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          // A button inside Ant Design's trigger strip, so the keyboard reaches it (a click on it is the strip's).
          trigger={
            <button
              type="button"
              className="sider-trigger"
              aria-label={t(collapsed ? 'header.expandMenu' : 'header.collapseMenu')}
              aria-expanded={!collapsed}
              data-testid="menu-collapse"
            >
              {collapsed ? <RightOutlined /> : <LeftOutlined />}
            </button>
          }
          collapsedWidth={64}
          width={232}
          theme="light"
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="side-menu"
        >
          <div style={{ padding: '16px 16px 8px', overflow: 'hidden', whiteSpace: 'nowrap' }}>
            <BrandMark />
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            paddingInline: 16,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            // A long title wrapping on a narrow screen makes the header taller, never cut.
            ...(narrow ? { height: 'auto', minHeight: 64, lineHeight: 'normal', paddingBlock: 8 } : {}),
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, flex: 1 }}>
            {narrow ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={() => setDrawer(true)}
                aria-label={t('header.menu')}
                data-testid="open-menu"
              />
            ) : null}
            <Typography.Title
              level={1}
              style={
                narrow
                  ? PAGE_TITLE_NARROW
                  : { ...PAGE_TITLE, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }
              }
            >
              {t(shown.title)}
            </Typography.Title>
          </div>
          <Space size="small" style={{ flexShrink: 0 }}>
            <AlertBell />
            <LanguageSwitcher />
            <Dropdown
              menu={{
                items: [
                  {
                    key: 'info',
                    icon: <UserOutlined />,
                    label: <Link to="/account/info">{t('header.accountInfo')}</Link>,
                  },
                  { type: 'divider' },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: <span data-testid="logout">{t('header.logout')}</span>,
                    onClick: () => void logout(),
                  },
                ],
              }}
            >
              <Button type="text" data-testid="account-menu">
                <Space>
                  <Avatar size="small" src={me?.headUrl || undefined} icon={<UserOutlined />} />
                  {narrow ? null : <span>{me?.nickname || me?.userId}</span>}
                  <DownOutlined />
                </Space>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} style={{ padding: narrow ? 12 : 24 }}>
          <ConsoleBreadcrumb spec={offered ? spec : NOT_OFFERED} lock={trailLock} />
          <div
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: narrow ? 12 : 24,
              minHeight: 360,
            }}
          >
            <HeadingLevel.Provider value={2}>{offered ? children : <NotFoundPage />}</HeadingLevel.Provider>
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">{brand.copyright}</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
