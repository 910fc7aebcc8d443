import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { user } from '@smartlock/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, Space, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../api/failureMessage';
import { useConsole } from '../app/context';
import type { RouteSpec } from '../app/routeTable';
import { clearUserInfo, useUserInfo } from '../app/userInfo';
import { BrandMark } from './BrandMark';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MENU, selectedMenu } from './menu';

const TRAIL_HOME: Record<NonNullable<RouteSpec['trail']>, string> = {
  lockInfo: '/console/home',
  valueAdded: '/account/service',
  authAdmin: '/auth/home',
  lockGroups: '/group/home',
  lockUsers: '/lockUser/home',
  card: '/card/manage',
  gateway: '/plug/home',
};

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

  async function logout() {
    try {
      await api.call(user.logout);
    } catch (error) {
      message.error(errorText(t, error));
    }
    clearUserInfo(queries);
    navigate('/login', { replace: true });
  }

  const crumbs = [{ title: <Link to="/console/home">{t('breadcrumb.home')}</Link> }];
  if (spec.trail && TRAIL_HOME[spec.trail] !== spec.path) {
    crumbs.push({ title: <Link to={TRAIL_HOME[spec.trail]}>{t(`breadcrumb.${spec.trail}`)}</Link> });
  }
  crumbs.push({ title: <span>{t(spec.title)}</span> });

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selectedMenu(location.pathname) ?? '']}
      onClick={() => setDrawer(false)}
      items={MENU.map((entry) => ({
        key: entry.path,
        icon: entry.icon,
        label: <Link to={entry.path}>{t(entry.label)}</Link>,
      }))}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
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
              level={4}
              style={{ margin: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {t(spec.title)}
            </Typography.Title>
          </div>
          <Space size="small" style={{ flexShrink: 0 }}>
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
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <Breadcrumb items={crumbs} style={{ marginBottom: 16 }} data-testid="breadcrumb" />
          <div
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: narrow ? 12 : 24,
              minHeight: 360,
            }}
          >
            {children}
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">{brand.copyright}</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
