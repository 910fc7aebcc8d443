import { type LockCredentialKind, lockCredential, type RemoteOperation } from '@smartlock/contract';
import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../auth/useSubmission';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { type ValidityDraft, validityOf, validityParams } from '../credentials/validity';
import { validityRules } from '../credentials/validityRules';
import { type CredentialItem, useRefreshCredentials } from './credentialQueries';
import { followable } from './startedOperation';

/**
 * Changes a credential's validity with the editor credentials are issued with. The change goes
 * to the lock through its gateway: the dialog closes once it is sent and the tab follows it.
 */
export function ChangeCredentialValidityDialog({
  kind,
  item,
  onClose,
  onOperation,
}: {
  kind: LockCredentialKind;
  item: CredentialItem;
  onClose: () => void;
  onOperation: (started: RemoteOperation) => void;
}) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const refresh = useRefreshCredentials();
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<{ validity: ValidityDraft }>();
  const [initial] = useState(() => validityOf(item, Date.now()));
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();

  async function submit(values: { validity: ValidityDraft }) {
    await run(async () => {
      const reply = await api.call(lockCredential.LOCK_CREDENTIAL_CALLS[kind].changePeriod, {
        credentialId: item.credentialId,
        ...validityParams(values.validity),
      });
      onOperation(followable(reply.operation));
      await refresh();
      onClose();
    });
  }

  return (
    <Modal
      open
      width={640}
      title={t('credential.validityTitle', { number: item.number })}
      okText={t('credential.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'credential-validity-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('credential.throughGateway')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validity: initial }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setDirty(true)}
        data-testid="credential-validity-form"
      >
        <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
          <ValidityEditor hints="credential.validity" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
