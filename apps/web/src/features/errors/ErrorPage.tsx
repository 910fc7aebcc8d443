import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTitle } from '../../app/RouteFrame';
import { Outcome } from '../../components/Outcome';

/** Where route errors land (/error, or a screen that failed to load). */
export default function ErrorPage() {
  const { t } = useTranslation();
  useTitle('route.error');
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <Outcome
      status="error"
      title={t('app.somethingWentWrong')}
      subTitle={status ? `${t('client.http500')} (${status})` : t('app.tryAgainLater')}
      extra={
        <Link to="/console/home" reloadDocument>
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
    />
  );
}
