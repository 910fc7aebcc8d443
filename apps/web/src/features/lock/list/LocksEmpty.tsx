import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** No locks: none match the filters, or none yet, which are added from the mobile app. */
export function LocksEmpty({ reason }: { reason: 'noMatch' | 'noLocks' }) {
  const { t } = useTranslation();
  if (reason === 'noMatch') {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lockList.noMatch')} data-testid="locks-no-match" />
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="locks-empty"
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {t('lockList.emptyTitle')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
            {t('lockList.emptyHint')}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
