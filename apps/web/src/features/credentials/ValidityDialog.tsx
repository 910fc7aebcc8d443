import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../../ui/useSubmission';
import { ValidityEditor } from './ValidityEditor';
import type { ValidityDraft } from './validity';
import { validityRules } from './validityRules';

/**
 * A dialog that changes a credential's validity with the editor it was issued with: the current
 * validity to start from, the server's refusal shown in place, a leave confirmation once
 * changed. `testId` prefixes the form's and the submit button's test ids.
 */
export function ValidityDialog({
  title,
  okText,
  hint,
  initial,
  hints,
  testId,
  onSubmit,
  onClose,
}: {
  title: string;
  okText: string;
  hint: string;
  initial: ValidityDraft;
  /** The editor's hint texts (see ValidityEditor). */
  hints?: string;
  testId: string;
  /** Sends the change; the dialog closes when it resolves. */
  onSubmit: (validity: ValidityDraft) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<{ validity: ValidityDraft }>();
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();

  async function submit(values: { validity: ValidityDraft }) {
    await run(async () => {
      await onSubmit(values.validity);
      onClose();
    });
  }

  return (
    <Modal
      open
      width={640}
      title={title}
      okText={okText}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': `${testId}-submit` }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validity: initial }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setDirty(true)}
        data-testid={`${testId}-form`}
      >
        <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
          <ValidityEditor {...(hints ? { hints } : {})} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
