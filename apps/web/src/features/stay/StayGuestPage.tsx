import { ERRORS, type Locale } from '@smartlock/contract';
import { Button, Card, Flex, Result, Skeleton, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallFailure } from '../../api/client';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { LanguageSwitcher } from '../../layouts/LanguageSwitcher';
import { GuestLockCard } from './GuestLockCard';
import { parseGuestToken, stayOfToken } from './guestToken';
import { useStayGuestPage } from './stayGuestApi';

const LOCALE_SET = 'stay-guest-locale-set:';

/** A failure that means the link itself is void (unknown, revoked, expired): trying again changes nothing. */
function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof CallFailure &&
    error.failure.kind === 'server' &&
    error.failure.code === ERRORS.stayLinkInvalid.code
  );
}

/**
 * A stay's guest page (`/stay?token=`): no login, phone first, in the brand's look. Opens in the
 * guest's language (once per stay and tab; the language switcher changes it), then shows each of
 * the stay's locks: the code, when it works at the lock, the QR code, arrival instructions and,
 * where the owner allows it, an unlock button.
 */
export default function StayGuestPage() {
  const { t } = useTranslation();
  const { brand, locales, setLocale } = useConsole();
  const { token: design } = theme.useToken();
  const [params] = useSearchParams();
  const token = parseGuestToken(params.get('token'));
  const page = useStayGuestPage(token);

  // The stay's language first; a language the guest then picks stays theirs for this tab.
  const locale = page.data?.locale as Locale | undefined;
  useEffect(() => {
    if (!token || !locale || !locales.includes(locale)) return;
    const key = `${LOCALE_SET}${stayOfToken(token)}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void setLocale(locale);
  }, [token, locale, locales, setLocale]);

  let body: React.ReactNode;
  if (!token || (page.isError && isInvalidLink(page.error))) {
    body = (
      <Card>
        <Result
          status="warning"
          title={<h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{t('errors.stayLinkInvalid')}</h1>}
          subTitle={t('stayGuest.invalidHint')}
          data-testid="stay-guest-invalid"
        />
      </Card>
    );
  } else if (page.isError) {
    body = (
      <Card>
        <Result
          status="error"
          title={<h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{t('stayGuest.loadFailed')}</h1>}
          subTitle={errorText(t, page.error)}
          extra={
            <Button type="primary" onClick={() => void page.refetch()} data-testid="stay-guest-retry">
              {t('app.retry')}
            </Button>
          }
          data-testid="stay-guest-error"
        />
      </Card>
    );
  } else if (!page.data) {
    body = (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else {
    const data = page.data;
    body = (
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }} data-testid="stay-guest-welcome">
            {data.guestName ? t('stayGuest.welcome', { name: data.guestName }) : t('stayGuest.welcomeNoName')}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('stayGuest.intro')}</Typography.Paragraph>
        </div>
        {data.locks.map((lock) => (
          <GuestLockCard
            key={lock.lockId}
            token={token}
            lock={lock}
            validFrom={data.validFrom}
            validTo={data.validTo}
          />
        ))}
      </Flex>
    );
  }

  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: design.colorBgLayout }}
      data-testid="stay-guest-page"
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: '12px 16px',
          background: design.colorPrimary,
        }}
      >
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
          {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={32} height={32} style={{ borderRadius: 6 }} /> : null}
          <span
            style={{ fontSize: 18, fontWeight: design.fontWeightStrong, color: design.colorTextLightSolid }}
            data-testid="stay-guest-brand"
          >
            {page.data?.brandName ?? brand.name}
          </span>
        </span>
        <span style={{ background: design.colorBgContainer, borderRadius: design.borderRadius }}>
          <LanguageSwitcher />
        </span>
      </header>
      <main
        id="main"
        style={{
          flex: 1,
          width: '100%',
          maxWidth: 560,
          margin: '0 auto',
          padding: '20px 12px 32px',
          boxSizing: 'border-box',
        }}
      >
        {body}
      </main>
      {brand.copyright ? (
        <footer style={{ padding: '16px', textAlign: 'center', color: design.colorTextSecondary }}>
          {brand.copyright}
        </footer>
      ) : null}
    </div>
  );
}
