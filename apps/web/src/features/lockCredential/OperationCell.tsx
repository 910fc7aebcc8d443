import { CheckCircleOutlined, CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialOperationView, type FollowedOperation } from '../credentials/credentialOperation';
import { useFollowOperation } from '../credentials/useFollowOperation';
import { followable, type StartedOperation } from './startedOperation';

/**
 * One operation of many (a fingerprint sent to several locks), followed to its end in a table
 * cell: a spinner while it travels, then done or why not.
 */
export function OperationCell({
  started,
  success,
  onEnd,
}: {
  started: StartedOperation;
  success: string;
  onEnd?: (followed: FollowedOperation) => void;
}) {
  const { t } = useTranslation();
  const { followed, follow } = useFollowOperation(onEnd);
  useEffect(() => follow(followable(started)), [follow, started]);
  if (!followed) return null;
  const view = credentialOperationView(followed);
  const icon = view.busy ? (
    <LoadingOutlined />
  ) : view.tone === 'success' ? (
    <CheckCircleOutlined />
  ) : (
    <CloseCircleOutlined />
  );
  return (
    <Typography.Text
      type={view.tone === 'error' ? 'danger' : view.tone === 'success' ? 'success' : 'secondary'}
      data-testid="operation-cell"
      data-phase={view.phase}
    >
      {icon} {view.detailKey ? t(view.detailKey) : success}
    </Typography.Text>
  );
}
