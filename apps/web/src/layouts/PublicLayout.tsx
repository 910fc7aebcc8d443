import { theme } from 'antd';
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
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background }}>
      <header
        style={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: 24,
        }}
      >
        <BrandMark />
        <LanguageSwitcher />
      </header>
      <main
        id="main"
        style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '32px 16px' }}
      >
        <div style={{ width: '100%', maxWidth: 440 }}>
          <Outlet />
        </div>
      </main>
      <footer style={{ padding: '24px 50px', textAlign: 'center', color: token.colorTextSecondary }}>
        {brand.copyright}
      </footer>
    </div>
  );
}
