import type { LockCredentialKind } from '@smartlock/contract';
import { CREDENTIAL_NAME_MAX, REMARK_MAX } from '@smartlock/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../../ui/useSubmission';
import { remarkRules } from './credentialForm';
import { type CredentialItem, useRenameCredential } from './lockCredentialApi';

interface NamingValues {
  name: string;
  remark: string;
}

/** Renames a credential and changes its remark: the cloud's own, nothing goes to the lock. */
export function RenameCredentialDialog({
  kind,
  item,
  onClose,
}: {
  kind: LockCredentialKind;
  item: CredentialItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rename = useRenameCredential(kind);
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<NamingValues>();
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();

  async function submit(values: NamingValues) {
    await run(async () => {
      // Both are sent, empty ones too, so a name or remark can be cleared.
      await rename.mutateAsync({
        credentialId: item.credentialId,
        name: values.name.trim(),
        remark: values.remark.trim(),
      });
      message.success(t('credential.done.rename'));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('credential.renameTitle', { number: item.number })}
      okText={t('credential.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'credential-rename-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<NamingValues>
        form={form}
        layout="vertical"
        initialValues={{ name: item.name, remark: item.remark }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setDirty(true)}
        data-testid="credential-rename-form"
      >
        <Form.Item name="name" label={t('credential.field.name')} rules={remarkRules(t)}>
          <Input maxLength={CREDENTIAL_NAME_MAX} showCount data-testid="credential-rename-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('credential.field.remark')} rules={remarkRules(t)}>
          <Input.TextArea
            maxLength={REMARK_MAX}
            showCount
            autoSize={{ minRows: 2 }}
            data-testid="credential-rename-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
