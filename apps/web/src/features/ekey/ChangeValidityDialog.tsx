import { ekey } from '@smartlock/contract';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../auth/useSubmission';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { type ValidityDraft, validityOf, validityParams } from '../credentials/validity';
import { validityRules } from '../credentials/validityRules';
import { type EKeyItem, useRefreshEKeys } from './ekeyQueries';

/** Changes an eKey's validity with the same editor keys are sent with; never beyond the user's own validity. */
export function ChangeValidityDialog({ item, onClose }: { item: EKeyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const refresh = useRefreshEKeys();
  const confirmDiscard = useDiscardConfirmation();
  const [form] = Form.useForm<{ validity: ValidityDraft }>();
  const [initial] = useState(() => validityOf(item, Date.now()));
  const [dirty, setDirty] = useState(false);
  const { error, busy, run } = useSubmission();

  async function submit(values: { validity: ValidityDraft }) {
    await run(async () => {
      await api.call(ekey.changePeriod, { keyId: item.keyId, ...validityParams(values.validity) });
      message.success(t('ekey.done.changeValidity'));
      await refresh();
      onClose();
    });
  }

  return (
    <Modal
      open
      width={640}
      title={t('ekey.validityTitle', { user: item.username })}
      okText={t('ekey.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'ekey-validity-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('ekey.validityHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validity: initial }}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        data-testid="ekey-validity-form"
      >
        <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
          <ValidityEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
