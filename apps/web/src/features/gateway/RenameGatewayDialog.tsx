import { NAME_MAX } from '@smartlock/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameRules } from '../../app/nameRules';
import { useSubmission } from '../../ui/useSubmission';
import { type GatewayItem, useRenameGateway } from './gatewayApi';

/** Renames a gateway: a name that is not empty and at most 50 characters. */
export function RenameGatewayDialog({ item, onClose }: { item: GatewayItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ gatewayName: string }>();
  const rename = useRenameGateway();
  const { error, busy, run } = useSubmission();

  async function submit(values: { gatewayName: string }) {
    await run(async () => {
      await rename.mutateAsync({ gatewayId: item.gatewayId, gatewayName: values.gatewayName.trim() });
      message.success(t('gateway.renamed'));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('gateway.renameTitle')}
      okText={t('gateway.rename')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'rename-submit' }}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ gatewayName: item.gatewayName }} onFinish={submit}>
        <Form.Item name="gatewayName" label={t('gateway.nameLabel')} rules={nameRules(t)}>
          <Input maxLength={NAME_MAX} showCount autoFocus data-testid="gateway-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
