import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmission } from '../../ui/useSubmission';
import { type LockUserItem, useStartRevokeJob } from './lockUserApi';
import { lockUserRevokeJob } from './lockUserPaths';

/**
 * Revoke all: everything the person holds on the user's locks, taken back lock by lock in the
 * background; once started, the job's page follows each lock.
 */
export function RevokeAllDialog({ item, onClose }: { item: LockUserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartRevokeJob();
  const { error, busy, run } = useSubmission();

  const submit = () =>
    run(async () => {
      const { jobId } = await start.mutateAsync({ lockUser: item.lockUser });
      onClose();
      await navigate(lockUserRevokeJob(jobId));
    });

  return (
    <Modal
      open
      title={t('revoke.confirmTitle', { name: item.name })}
      okText={t('revoke.start')}
      okButtonProps={{ danger: true, 'data-testid': 'revoke-all-confirm' }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={t('revoke.confirmText', { locks: item.lockCount, count: item.credentialCount })}
        description={t('revoke.confirmHint')}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
