import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasFeature } from '@smartlock/contract';
import { Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteLockId } from '../../../app/routeLockId';
import { LinkButton } from '../../../ui/LinkButton';
import { LoadingOrFailure } from '../../../ui/LoadingOrFailure';
import { tabPath } from '../detail/lockTabs';
import { useLockDetail, usePassageModeConfig } from '../lockApi';
import { PassageModeForm } from './PassageModeForm';

/** Passage mode of one lock (spec: manage/passageMode): on or off, and the periods the lock stays open. */
export default function PassageModePage() {
  const { t } = useTranslation();
  const lockId = useRouteLockId();
  const detail = useLockDetail(lockId);
  const config = usePassageModeConfig(lockId);

  if (!detail.data || !config.data) {
    return (
      <LoadingOrFailure
        error={detail.error ?? config.error ?? undefined}
        retry={() => {
          void detail.refetch();
          void config.refetch();
        }}
      />
    );
  }
  const back = (
    <LinkButton to={tabPath('ekey', lockId)} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
      {t('passage.backToLock', { name: detail.data.lockName })}
    </LinkButton>
  );
  if (!hasFeature(detail.data.featureValue, 'passageMode')) {
    return <Result status="info" title={t('passage.notSupported')} extra={back} data-testid="passage-unsupported" />;
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {back}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('passage.title', { name: detail.data.lockName })}
      </Typography.Title>
      <PassageModeForm detail={detail.data} saved={config.data} />
    </Space>
  );
}
