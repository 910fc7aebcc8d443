import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTitle } from '../../app/RouteFrame';
import { LinkButton } from '../../ui/LinkButton';
import { Outcome } from '../../ui/Outcome';
import { PageHeading } from '../../ui/PageHeading';

/** Where route errors land (/error, or a screen that failed to load). */
export default function ErrorPage() {
  const { t } = useTranslation();
  useTitle('route.error');
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <Outcome
      status="error"
      title={<PageHeading>{t('app.somethingWentWrong')}</PageHeading>}
      subTitle={status ? `${t('client.http500')} (${status})` : t('app.tryAgainLater')}
      extra={
        <LinkButton to="/console/home" reloadDocument type="primary">
          {t('app.backHome')}
        </LinkButton>
      }
    />
  );
}
