import { Layout, Typography, theme } from 'antd';
import { Outlet } from 'react-router';
import { useConsole } from '../app/context';
import { BrandMark } from './BrandMark';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The public screens: brand on top, a centred card, the copyright below. */
export function PublicLayout() {
  const { brand } = useConsole();
  const { token } = theme.useToken();
  const background = brand.backgroundUrl
    ? `center / cover no-repeat url(${brand.backgroundUrl})`
    : `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%, ${token.colorPrimaryBgHover} 100%)`;
  return (
    <Layout style={{ minHeight: '100vh', background }}>
      <Layout.Header
        style={{
          background: 'transparent',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: 24,
        }}
      >
        <BrandMark />
        <LanguageSwitcher />
      </Layout.Header>
      <Layout.Content
        style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '32px 16px' }}
      >
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Outlet />
        </div>
      </Layout.Content>
      <Layout.Footer style={{ background: 'transparent', textAlign: 'center' }}>
        <Typography.Text type="secondary">{brand.copyright}</Typography.Text>
      </Layout.Footer>
    </Layout>
  );
}
