import { Alert, App, Checkbox, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { useDeleteAllEKeys } from './ekeyApi';

/** Whether the typed confirmation matches the lock's name (surrounding spaces and case aside). */
export function confirmsName(typed: string, lockName: string): boolean {
  return typed.trim().toLocaleLowerCase() === lockName.trim().toLocaleLowerCase() && lockName.trim() !== '';
}

/**
 * Deletes every eKey of a lock, for good: the user ticks that they understand and types the
 * lock's name before the button works.
 */
export function DeleteAllEKeysDialog({
  lockId,
  lockName,
  onClose,
}: {
  lockId: number;
  lockName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const deleteAll = useDeleteAllEKeys();
  const [understood, setUnderstood] = useState(false);
  const [typed, setTyped] = useState('');
  const { error, busy, run } = useSubmission();
  const ready = understood && confirmsName(typed, lockName);

  async function submit() {
    if (!ready) return;
    await run(async () => {
      const { count } = await deleteAll.mutateAsync({ lockId });
      message.success(t('ekey.done.deleteAll', { count }));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('ekey.confirm.deleteAllTitle')}
      okText={t('ekey.bulk.deleteAll')}
      okButtonProps={{ danger: true, disabled: !ready, 'data-testid': 'ekey-delete-all-confirm' }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="ekey-delete-all-dialog">
        <Alert type="error" showIcon title={t('ekey.confirm.deleteAllWarning')} />
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Checkbox
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          data-testid="ekey-delete-all-understood"
        >
          {t('ekey.confirm.deleteAllTick')}
        </Checkbox>
        <Typography.Text>{t('ekey.confirm.deleteAllType', { name: lockName })}</Typography.Text>
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={lockName}
          autoComplete="off"
          aria-label={t('ekey.confirm.deleteAllType', { name: lockName })}
          data-testid="ekey-delete-all-name"
        />
      </Flex>
    </Modal>
  );
}
