import { KEY_NAME_MAX, REMARK_MAX } from '@smartlock/contract';
import { Alert, App, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../../ui/useSubmission';
import { type EKeyItem, useUpdateEKey } from './ekeyApi';
import { updateParams } from './ekeyParams';

interface EditValues {
  keyName: string;
  remarks: string;
  remoteEnable: boolean;
}

/** Changes an eKey's name, remarks and whether its holder may unlock remotely. */
export function EditEKeyDialog({ item, onClose }: { item: EKeyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateEKey();
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<EditValues>();
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();
  const before = { keyName: item.keyName, remarks: item.remarks, remoteEnable: item.remoteEnable };

  async function submit(values: EditValues) {
    await run(async () => {
      await update.mutateAsync(updateParams(item.keyId, before, values));
      message.success(t('ekey.done.edit'));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('ekey.editTitle', { user: item.username })}
      okText={t('ekey.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'ekey-edit-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={before}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        data-testid="ekey-edit-form"
      >
        <Form.Item name="keyName" label={t('ekey.field.keyName')}>
          <Input maxLength={KEY_NAME_MAX} showCount data-testid="ekey-edit-name" />
        </Form.Item>
        <Form.Item name="remarks" label={t('ekey.field.remarks')}>
          <Input.TextArea maxLength={REMARK_MAX} showCount autoSize={{ minRows: 2 }} data-testid="ekey-edit-remarks" />
        </Form.Item>
        <Form.Item
          name="remoteEnable"
          label={t('ekey.field.remoteUnlock')}
          valuePropName="checked"
          extra={t('ekey.field.remoteUnlockHint')}
        >
          <Switch data-testid="ekey-edit-remote" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
