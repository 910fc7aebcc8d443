import { CopyOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatSpan } from '../credentials/validityText';
import { formatUtcOffset } from '../lock/settings/timezones';
import { GuestQrCode } from './GuestQrCode';
import { spokenDigits } from './guestToken';
import { type StayGuestLockData, useGuestUnlock } from './stayGuestApi';

/** One of the stay's locks: its code (big, copyable, read digit by digit), when it works at the lock, QR code, instructions, unlock. */
export function GuestLockCard({
  token,
  lock,
  validFrom,
  validTo,
}: {
  token: string;
  lock: StayGuestLockData;
  validFrom: number;
  validTo: number;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { token: design } = theme.useToken();
  const unlock = useGuestUnlock();
  const headingId = `stay-lock-${lock.lockId}`;
  const span = formatSpan(validFrom, validTo, { language: i18n.language, offsetMs: lock.timezoneRawOffset });

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      message.success(t('stayGuest.copied'));
    } catch {
      message.error(t('client.copyFailed'));
    }
  }

  const unlockResult = unlock.isSuccess
    ? unlock.data.success
      ? { type: 'success' as const, text: t('stayGuest.unlocked') }
      : { type: 'error' as const, text: t('stayGuest.unlockFailed') }
    : unlock.isError
      ? { type: 'error' as const, text: errorText(t, unlock.error) }
      : undefined;

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      data-testid="stay-guest-lock"
      data-lock-id={lock.lockId}
      styles={{ body: { padding: 20 } }}
    >
      <Typography.Title level={2} id={headingId} style={{ marginTop: 0, fontSize: 22 }}>
        {lock.lockName}
      </Typography.Title>

      <section aria-labelledby={`${headingId}-code`}>
        <Typography.Title level={3} id={`${headingId}-code`} style={{ fontSize: 16, marginBottom: 4 }}>
          {t('stayGuest.codeLabel')}
        </Typography.Title>
        {lock.passcode ? (
          <Flex vertical align="center" gap={8} style={{ paddingBlock: 8 }}>
            <p style={{ margin: 0 }} data-testid="stay-guest-code" data-code={lock.passcode}>
              <span
                aria-hidden="true"
                style={{
                  display: 'block',
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: 'clamp(36px, 12vw, 56px)',
                  fontWeight: 700,
                  letterSpacing: '0.18em',
                  lineHeight: 1.15,
                  color: design.colorText,
                  textAlign: 'center',
                  wordBreak: 'break-all',
                }}
              >
                {lock.passcode}
              </span>
              <span className="visually-hidden">{spokenDigits(lock.passcode)}</span>
            </p>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(lock.passcode ?? '')}
              size="large"
              data-testid="stay-guest-copy"
            >
              {t('stayGuest.copy')}
            </Button>
            <Typography.Text type="secondary">{t('stayGuest.codeHint')}</Typography.Text>
          </Flex>
        ) : (
          <Alert type="info" showIcon title={t('stayGuest.noCode')} data-testid="stay-guest-no-code" />
        )}
      </section>

      <dl style={{ margin: '16px 0 0' }}>
        <dt>
          <Typography.Text strong>{t('stayGuest.validity')}</Typography.Text>
        </dt>
        <dd style={{ margin: 0 }} data-testid="stay-guest-validity">
          {t('stayGuest.validityAt', { span, offset: formatUtcOffset(lock.timezoneRawOffset) })}
        </dd>
      </dl>

      {lock.qrCode ? (
        <section aria-labelledby={`${headingId}-qr`} style={{ marginTop: 16 }}>
          <Typography.Title level={3} id={`${headingId}-qr`} style={{ fontSize: 16 }}>
            {t('stayGuest.qrTitle')}
          </Typography.Title>
          <Flex vertical align="center" gap={8}>
            <GuestQrCode value={lock.qrCode} lockName={lock.lockName} />
            <Typography.Text type="secondary">{t('stayGuest.qrHint')}</Typography.Text>
          </Flex>
        </section>
      ) : null}

      {lock.instructions ? (
        <section aria-labelledby={`${headingId}-instructions`} style={{ marginTop: 16 }}>
          <Typography.Title level={3} id={`${headingId}-instructions`} style={{ fontSize: 16 }}>
            {t('stayGuest.instructionsTitle')}
          </Typography.Title>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-line', marginBottom: 0 }}
            data-testid="stay-guest-instructions"
          >
            {lock.instructions}
          </Typography.Paragraph>
        </section>
      ) : null}

      {lock.canUnlock ? (
        <Flex vertical gap={8} style={{ marginTop: 20 }}>
          <Button
            type="primary"
            size="large"
            block
            icon={<UnlockOutlined />}
            loading={unlock.isPending}
            onClick={() => unlock.mutate({ token, lockId: lock.lockId })}
            style={{ height: 56, fontSize: 18 }}
            data-testid="stay-guest-unlock"
          >
            {unlock.isPending ? t('stayGuest.unlocking') : t('stayGuest.unlock')}
          </Button>
          <div role="status" aria-live="polite">
            {unlockResult ? (
              <Alert
                type={unlockResult.type}
                showIcon
                title={unlockResult.text}
                data-testid="stay-guest-unlock-result"
              />
            ) : null}
          </div>
        </Flex>
      ) : null}
    </Card>
  );
}
