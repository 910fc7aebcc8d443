import { Alert, Button, Checkbox, Flex, Input, List, Modal, Result, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeText } from '../../api/failureMessage';
import { useSubmission } from '../../ui/useSubmission';
import { confirmsName } from '../ekey/DeleteAllEKeysDialog';
import { type DeletionSummary, summarizeDeletion } from './deletionOutcome';
import { type LockUserItem, useDeleteLockUser, useLockUserLocks } from './lockUserApi';
import { kindNameKey } from './lockUserKinds';

/**
 * Deletes a person from the user's locks, for good: their eKeys (and, for an administrator, the
 * eKeys they sent) and their other credentials at the locks. The user ticks that they understand
 * and types the person's name; then the dialog shows what came of it.
 */
export function DeleteLockUserDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: LockUserItem;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const deleteLockUser = useDeleteLockUser();
  const [understood, setUnderstood] = useState(false);
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<DeletionSummary>();
  const { error, busy, run } = useSubmission();
  const ready = understood && confirmsName(typed, item.name);
  // The person's locks, to name the locks of what could not be deleted.
  const locks = useLockUserLocks({ lockUser: item.lockUser, pageNo: 1, pageSize: 200 });
  const lockNames = useMemo(
    () => new Map((locks.data?.list ?? []).map((held) => [held.lockId, held.lockAlias])),
    [locks.data],
  );

  async function submit() {
    if (!ready) return;
    await run(async () => {
      const reply = await deleteLockUser.mutateAsync({ lockUser: item.lockUser });
      setOutcome(summarizeDeletion(reply));
      onDeleted();
    });
  }

  if (outcome) {
    return (
      <Modal
        open
        title={t('lockUser.deletedTitle', { name: item.name })}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="lock-user-outcome-close">
            {t('lockUser.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Flex vertical gap={12} data-testid="lock-user-outcome">
          <Result
            status={outcome.failed.length > 0 ? 'warning' : 'success'}
            title={t('lockUser.outcome.ekeys', { count: outcome.ekeyCount })}
            style={{ padding: '8px 0' }}
          />
          {outcome.keptAdminKeys > 0 ? (
            <Alert
              type="info"
              showIcon
              title={t('lockUser.outcome.keptAdminKeys', { count: outcome.keptAdminKeys })}
              data-testid="lock-user-outcome-kept"
            />
          ) : null}
          {outcome.started > 0 ? (
            <Alert
              type="info"
              showIcon
              title={t('lockUser.outcome.started', { count: outcome.started })}
              data-testid="lock-user-outcome-started"
            />
          ) : null}
          {outcome.failed.length > 0 ? (
            <>
              <Typography.Text strong>{t('lockUser.outcome.failed', { count: outcome.failed.length })}</Typography.Text>
              <List
                size="small"
                bordered
                dataSource={outcome.failed}
                renderItem={(failed) => (
                  <List.Item data-testid="lock-user-outcome-failed">
                    <Flex vertical>
                      <Typography.Text>
                        {t('lockUser.outcome.failedItem', {
                          kind: t(kindNameKey(failed.kind)),
                          lock: lockNames.get(failed.lockId) ?? `#${failed.lockId}`,
                        })}
                      </Typography.Text>
                      <Typography.Text type="danger">{errorCodeText(t, failed.errorCode)}</Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            </>
          ) : null}
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('lockUser.removeTitle', { name: item.name })}
      okText={t('lockUser.remove')}
      okButtonProps={{ danger: true, disabled: !ready, 'data-testid': 'lock-user-remove-confirm' }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="lock-user-remove-dialog">
        <Alert
          type="error"
          showIcon
          title={t('lockUser.removeWarning', { locks: item.lockCount, count: item.credentialCount })}
          description={item.isAdmin ? t('lockUser.removeAdminWarning') : undefined}
        />
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Checkbox
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          data-testid="lock-user-remove-understood"
        >
          {t('lockUser.removeTick')}
        </Checkbox>
        <Typography.Text>{t('lockUser.removeType', { name: item.name })}</Typography.Text>
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={item.name}
          autoComplete="off"
          aria-label={t('lockUser.removeType', { name: item.name })}
          data-testid="lock-user-remove-name"
        />
      </Flex>
    </Modal>
  );
}
