import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** No gateways: none match the search, or none yet, which are added from the mobile app. */
export function GatewaysEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  if (search) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateway.noMatch', { name: search })} />;
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="gateways-empty"
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {t('gateway.emptyTitle')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
            {t('gateway.emptyHint')}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
