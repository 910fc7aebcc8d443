import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasFeature, type LockCredentialKind } from '@smartlock/contract';
import { Card, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteLockId } from '../../../app/routeLockId';
import { LinkButton } from '../../../ui/LinkButton';
import { LoadingOrFailure } from '../../../ui/LoadingOrFailure';
import { tabPath } from '../../lock/detail/lockTabs';
import { type LockDetail, useLockDetail } from '../../lock/lockApi';
import { KINDS } from '../kinds';

/** The link back to a lock's tab of a kind. */
export function BackToTab({ kind, lockId, lockName }: { kind: LockCredentialKind; lockId: number; lockName: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton
      to={tabPath(KINDS[kind].tab, lockId)}
      type="link"
      icon={<ArrowLeftOutlined />}
      style={{ paddingInline: 0 }}
      data-testid="issue-back"
    >
      {t(`credentialKind.${kind}.backToLock`, { name: lockName })}
    </LinkButton>
  );
}

/**
 * The frame of a kind's issue page (manage/issueCard, issuePrint, issueFace, issueQrcode): the
 * lock of the route, loaded; its load failure with retry; "not supported" when the lock lacks
 * the kind's feature; else the back link and the page's card around `children`.
 */
export function IssueFrame({
  kind,
  children,
  wide = false,
}: {
  kind: LockCredentialKind;
  children: (detail: LockDetail) => ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const lockId = useRouteLockId();
  const detail = useLockDetail(lockId);
  if (!detail.data) {
    return (
      <LoadingOrFailure
        error={detail.isError ? detail.error : undefined}
        retry={() => void detail.refetch()}
        rows={8}
        testId="issue-load-error"
      />
    );
  }
  const back = <BackToTab kind={kind} lockId={lockId} lockName={detail.data.lockName} />;
  if (!hasFeature(detail.data.featureValue, KINDS[kind].feature)) {
    return (
      <Result
        status="info"
        title={t(`credentialKind.${kind}.notSupported`)}
        extra={back}
        data-testid="issue-unsupported"
      />
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: wide ? 1100 : 760 }}>
      {back}
      <Card size="small" title={t(`credentialKind.${kind}.issueTitle`, { name: detail.data.lockName })}>
        {children(detail.data)}
      </Card>
    </Space>
  );
}
