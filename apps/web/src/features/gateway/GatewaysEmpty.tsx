import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyWithHint } from '../../ui/EmptyWithHint';

/** No gateways: none match the search, or none yet, which are added from the mobile app. */
export function GatewaysEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  if (search) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateway.noMatch', { name: search })} />;
  }
  return <EmptyWithHint title={t('gateway.emptyTitle')} hint={t('gateway.emptyHint')} testId="gateways-empty" />;
}
