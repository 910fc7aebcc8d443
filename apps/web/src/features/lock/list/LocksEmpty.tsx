import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyWithHint } from '../../../ui/EmptyWithHint';

/** No locks: none match the filters, or none yet, which are added from the mobile app. */
export function LocksEmpty({ reason }: { reason: 'noMatch' | 'noLocks' }) {
  const { t } = useTranslation();
  if (reason === 'noMatch') {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lockList.noMatch')} data-testid="locks-no-match" />
    );
  }
  return <EmptyWithHint title={t('lockList.emptyTitle')} hint={t('lockList.emptyHint')} testId="locks-empty" />;
}
