import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTitle } from '../../app/RouteFrame';
import { Outcome } from '../../ui/Outcome';
import { PageHeading } from '../../ui/PageHeading';
import { BackHomeButton } from '../coming/BackHomeButton';

/**
 * The catch-all route (named "error"), and a route the brand does not offer. Like every route's
 * screen it sits in an element naming the route (`data-route`), a fresh one at each visit.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  useTitle('route.notFound');
  return (
    <div key={`${pathname}${search}`} data-route="*" style={{ display: 'contents' }}>
      <Outcome
        status="404"
        title={<PageHeading>404</PageHeading>}
        subTitle={t('app.notFound')}
        extra={<BackHomeButton />}
        data-testid="not-found"
      />
    </div>
  );
}
