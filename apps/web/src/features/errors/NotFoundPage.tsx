import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTitle } from '../../app/RouteFrame';
import { BackHomeButton } from '../coming/BackHomeButton';

/** The catch-all route (named "error"). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useTitle('route.notFound');
  return (
    <Result status="404" title="404" subTitle={t('app.notFound')} extra={<BackHomeButton />} data-testid="not-found" />
  );
}
