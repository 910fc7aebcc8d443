import { useTranslation } from 'react-i18next';
import { useTitle } from '../../app/RouteFrame';
import { Outcome } from '../../components/Outcome';
import { PageHeading } from '../../components/PageHeading';
import { BackHomeButton } from '../coming/BackHomeButton';

/** The catch-all route (named "error"). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useTitle('route.notFound');
  return (
    <Outcome
      status="404"
      title={<PageHeading>404</PageHeading>}
      subTitle={t('app.notFound')}
      extra={<BackHomeButton />}
      data-testid="not-found"
    />
  );
}
