import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkButton } from '../../ui/LinkButton';

export default function RegisterSuccessPage() {
  const { t } = useTranslation();
  const account = (useLocation().state as { account?: string } | null)?.account;
  return (
    <Card>
      <Result
        status="success"
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('auth.registerSuccess')}</h1>}
        subTitle={account ? t('auth.registerSuccessDetail', { account }) : undefined}
        extra={
          <LinkButton to="/login" type="primary" data-testid="go-login">
            {t('auth.login')}
          </LinkButton>
        }
      />
    </Card>
  );
}
