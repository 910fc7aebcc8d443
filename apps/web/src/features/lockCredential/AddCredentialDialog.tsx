import { CREDENTIAL_NAME_MAX, KEY_FOB_DIGITS, type RemoteOperation } from '@smartlock/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../../ui/useSubmission';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityParams } from '../credentials/validity';
import { validityRules } from '../credentials/validityRules';
import { isKeyFobNumber, namingParams, remarkRules } from './credentialForm';
import { type CredentialItem, useAddKeyFob, useAddPalmVein } from './lockCredentialApi';
import { followable } from './startedOperation';

interface AddValues {
  keyFobNumber: string;
  name: string;
  validity: ValidityDraft;
}

/**
 * Adds a key fob (by the number printed on it) or a palm vein (read by the lock's own sensor)
 * to a lock, through its gateway: the dialog closes once the request is sent and the tab
 * follows the operation to its end.
 */
export function AddCredentialDialog({
  kind,
  lockId,
  onClose,
  onAdded,
}: {
  kind: 'keyFob' | 'palmVein';
  lockId: number;
  onClose: () => void;
  onAdded: (credential: CredentialItem, started: RemoteOperation) => void;
}) {
  const { t } = useTranslation();
  const addKeyFob = useAddKeyFob();
  const addPalmVein = useAddPalmVein();
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<AddValues>();
  const [initial] = useState<AddValues>(() => ({ keyFobNumber: '', name: '', validity: newValidity(Date.now()) }));
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();

  async function submit(values: AddValues) {
    await run(async () => {
      const common = { lockId, ...namingParams(values), ...validityParams(values.validity) };
      const reply =
        kind === 'keyFob'
          ? await addKeyFob.mutateAsync({ ...common, keyFobNumber: values.keyFobNumber.trim() })
          : await addPalmVein.mutateAsync(common);
      onAdded(reply.credential, followable(reply.operation));
      onClose();
    });
  }

  return (
    <Modal
      open
      width={640}
      title={t(`credentialKind.${kind}.add`)}
      okText={t(`credentialKind.${kind}.add`)}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'credential-add-submit' }}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="credential-add-error" />
      ) : null}
      {kind === 'palmVein' ? (
        <Alert
          type="info"
          showIcon
          title={t('credentialKind.palmVein.holdPalm')}
          description={t('credentialKind.palmVein.holdPalmHint')}
          style={{ marginBottom: 16 }}
          data-testid="credential-palm-hint"
        />
      ) : null}
      <Form<AddValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setDirty(true)}
        data-testid="credential-add-form"
        data-kind={kind}
      >
        {kind === 'keyFob' ? (
          <Form.Item
            name="keyFobNumber"
            label={t('credentialKind.keyFob.number')}
            extra={t('credentialKind.keyFob.numberHint')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!isKeyFobNumber(value ?? '')) throw new Error(t('credentialKind.keyFob.numberInvalid'));
                },
              },
            ]}
          >
            <Input
              maxLength={KEY_FOB_DIGITS.max}
              autoComplete="off"
              style={{ maxWidth: 260 }}
              data-testid="credential-add-number"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="name"
          label={t('credential.field.name')}
          extra={t('credential.field.nameHint')}
          rules={remarkRules(t)}
        >
          <Input maxLength={CREDENTIAL_NAME_MAX} showCount data-testid="credential-add-name" />
        </Form.Item>
        <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
          <ValidityEditor hints="credential.validity" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
