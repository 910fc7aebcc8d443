import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialOperationView, type FollowedOperation } from './credentialOperation';

/** A credential change travelling to the lock: a spinner while it runs, then what it did or why it failed. */
export function CredentialOperationStatus({
  followed,
  title,
  success,
  onClose,
  style,
  testId = 'credential-operation',
}: {
  followed: FollowedOperation | undefined;
  /** What is being done ("Delete passcode 123456"). */
  title: string;
  /** What it did, once the lock confirmed it. */
  success: string;
  onClose?: () => void;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!followed) return null;
  const view = credentialOperationView(followed);
  return (
    <Alert
      type={view.tone}
      showIcon
      icon={view.busy ? <LoadingOutlined /> : undefined}
      title={title}
      description={
        <>
          <div data-testid="operation-detail">{view.detailKey ? t(view.detailKey) : success}</div>
          {view.hint ? <Typography.Text type="secondary">{t(view.hint)}</Typography.Text> : null}
        </>
      }
      closable={!view.busy && onClose ? { onClose } : false}
      style={style}
      data-testid={testId}
      data-phase={view.phase}
    />
  );
}
