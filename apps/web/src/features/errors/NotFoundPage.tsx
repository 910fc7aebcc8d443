import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from '../../app/RouteFrame';

/** The catch-all route (named "error"). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useTitle('route.notFound');
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('app.notFound')}
      extra={
        <Link to="/console/home">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
      data-testid="not-found"
    />
  );
}
