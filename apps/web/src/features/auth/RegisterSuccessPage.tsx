import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export default function RegisterSuccessPage() {
  const { t } = useTranslation();
  const account = (useLocation().state as { account?: string } | null)?.account;
  return (
    <Card>
      <Result
        status="success"
        title={t('auth.registerSuccess')}
        subTitle={account ? t('auth.registerSuccessDetail', { account }) : undefined}
        extra={
          <Link to="/login">
            <Button type="primary" data-testid="go-login">
              {t('auth.login')}
            </Button>
          </Link>
        }
      />
    </Card>
  );
}
