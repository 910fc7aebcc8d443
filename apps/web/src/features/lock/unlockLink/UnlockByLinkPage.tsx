import { UnlockOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/failureMessage';
import { PageHeading } from '../../../ui/PageHeading';
import { useUnlockByLink } from '../lockApi';
import { parseUnlockToken } from './unlockLink';
import { unlockOutcome } from './unlockOutcome';

/**
 * The public unlock screen (`/unlockByLink?token=`): no login. One big button; the call answers
 * once the lock has answered, so the screen shows "unlocking" until then, then the result.
 */
export default function UnlockByLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = parseUnlockToken(params.get('token'));
  const unlock = useUnlockByLink();

  if (token === undefined) {
    return (
      <Card>
        <Result
          status="warning"
          title={<PageHeading>{t('errors.unlockLinkInvalid')}</PageHeading>}
          data-testid="unlock-link-invalid"
        />
      </Card>
    );
  }

  if (unlock.isPending) {
    return (
      <Card>
        <Result
          icon={<Spin size="large" />}
          title={<PageHeading>{t('unlockLink.unlocking')}</PageHeading>}
          subTitle={t('unlockLink.unlockingHint')}
          data-testid="unlock-by-link-pending"
        />
      </Card>
    );
  }

  const outcome = unlock.isSuccess ? unlockOutcome(unlock.data) : undefined;
  if (outcome?.ok) {
    return (
      <Card>
        <Result
          status="success"
          title={<PageHeading>{t('unlockLink.unlocked', { lockName: unlock.data?.lockName })}</PageHeading>}
          data-testid="unlock-by-link-success"
        />
      </Card>
    );
  }
  const failure = unlock.isError ? errorText(t, unlock.error) : outcome ? t(outcome.messageKey) : undefined;

  return (
    <Card>
      <Result
        status={failure ? 'error' : 'info'}
        icon={failure ? undefined : <UnlockOutlined />}
        title={<PageHeading>{failure ? t('unlockLink.failed') : t('unlockLink.pageTitle')}</PageHeading>}
        subTitle={
          failure ? (
            <span data-testid="unlock-by-link-error">{failure}</span>
          ) : (
            <Typography.Text type="secondary">{t('unlockLink.pageHint')}</Typography.Text>
          )
        }
        extra={
          <Button
            type="primary"
            size="large"
            icon={<UnlockOutlined />}
            onClick={() => unlock.mutate({ token })}
            style={{ minWidth: 200, height: 56, fontSize: 18 }}
            data-testid="unlock-by-link"
          >
            {failure ? t('unlockLink.tryAgain') : t('unlockLink.unlock')}
          </Button>
        }
      />
    </Card>
  );
}
