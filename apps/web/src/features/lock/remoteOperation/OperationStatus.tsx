import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OperationResultView } from './OperationResultView';
import { type OperationRun, operationView } from './operationView';

/** The state of the last action on a lock: a spinner while it runs, then success or why it failed. */
export function OperationStatus({ run, isParkingLock }: { run: OperationRun; isParkingLock: boolean }) {
  const { t } = useTranslation();
  if (run.status === 'idle') return null;
  const view = operationView(run);
  const detail = 'key' in view.detail ? t(view.detail.key) : view.detail.text;
  return (
    <Alert
      type={view.tone}
      showIcon
      icon={view.busy ? <LoadingOutlined /> : undefined}
      title={t(`remote.action.${run.action}`)}
      description={
        <>
          <div data-testid="operation-detail">{detail}</div>
          {view.hint ? <Typography.Text type="secondary">{t(view.hint)}</Typography.Text> : null}
          {view.phase === 'success' && run.status === 'following' ? (
            <OperationResultView run={run} isParkingLock={isParkingLock} />
          ) : null}
        </>
      }
      style={{ marginTop: 12 }}
      data-testid="operation-status"
      data-phase={view.phase}
    />
  );
}
