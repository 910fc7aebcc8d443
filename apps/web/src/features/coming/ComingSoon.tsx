import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen whose feature belongs to a later release: it says so plainly and shows no data. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t(titleKey)}
      subTitle={t('app.comingSoon')}
      extra={
        <Link to="/console/home">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
      data-testid="coming-soon"
    />
  );
}
