import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back to the console home from a screen with nothing to do. */
export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <Link to="/console/home">
      <Button type="primary">{t('app.backHome')}</Button>
    </Link>
  );
}
