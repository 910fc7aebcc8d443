import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outcome } from '../../ui/Outcome';
import { BackHomeButton } from './BackHomeButton';

/** A screen whose feature belongs to a later release: it says so plainly and shows no data. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Outcome
      icon={<ClockCircleOutlined />}
      title={t(titleKey)}
      subTitle={t('app.comingSoon')}
      extra={<BackHomeButton />}
      data-testid="coming-soon"
    />
  );
}
