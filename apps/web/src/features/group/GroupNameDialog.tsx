import { ERRORS, NAME_MAX } from '@smartlock/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../api/client';
import { errorText } from '../../api/failureMessage';
import { nameRules } from '../../app/nameRules';
import { useSubmission } from '../../ui/useSubmission';
import { type LockGroup, useAddGroup, useRenameGroup } from './groupApi';

const isNameTaken = (error: unknown) =>
  error instanceof CallFailure && error.failure.kind === 'server' && error.failure.code === ERRORS.groupNameExists.code;

/** Creates a lock group, or renames one; a name already taken is said at the name field. */
export function GroupNameDialog({ item, onClose }: { item?: LockGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ groupName: string }>();
  const add = useAddGroup();
  const rename = useRenameGroup();
  const { error, busy, run } = useSubmission();

  async function submit(values: { groupName: string }) {
    const groupName = values.groupName.trim();
    await run(
      async () => {
        if (item) await rename.mutateAsync({ groupId: item.groupId, groupName });
        else await add.mutateAsync({ groupName });
        message.success(t(item ? 'group.renamed' : 'group.created'));
        onClose();
      },
      (failure) => {
        if (!isNameTaken(failure)) return false;
        form.setFields([{ name: 'groupName', errors: [errorText(t, failure)] }]);
        return true;
      },
    );
  }

  return (
    <Modal
      open
      title={t(item ? 'group.renameTitle' : 'group.createTitle')}
      okText={t(item ? 'group.rename' : 'group.create')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'group-name-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ groupName: item?.groupName ?? '' }} onFinish={submit}>
        <Form.Item name="groupName" label={t('group.nameLabel')} rules={nameRules(t)}>
          <Input maxLength={NAME_MAX} showCount autoFocus data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
