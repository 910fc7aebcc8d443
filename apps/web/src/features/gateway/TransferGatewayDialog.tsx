import { Alert, App, Flex, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { TransferConfirmationForm } from '../transfer/TransferConfirmationForm';
import { gatewayTransferParams } from '../transfer/transfer';
import { type TransferValues, useTransferForm } from '../transfer/useTransferForm';
import { type GatewayItem, useTransferGateways } from './gatewayApi';

/**
 * Transfers gateways to another account, for good: the receiving account, the caller's password
 * and a validation code sent to the caller's own account.
 */
export function TransferGatewayDialog({
  items,
  onClose,
  onDone,
}: {
  items: GatewayItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const transfer = useTransferForm();
  const transferGateways = useTransferGateways();
  const { error, busy, run } = useSubmission();

  async function submit(values: TransferValues) {
    await run(async () => {
      const params = gatewayTransferParams({
        gatewayIds: items.map((item) => item.gatewayId),
        ...transfer.confirmationOf(values),
      });
      await transferGateways.mutateAsync(params);
      message.success(t('transfer.done'));
      onDone();
    });
  }

  return (
    <Modal
      open
      title={t('transfer.title')}
      okText={t('transfer.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'transfer-submit' }}
      confirmLoading={busy}
      onOk={() => transfer.form.submit()}
      onCancel={onClose}
      width={520}
    >
      <Alert
        type="warning"
        showIcon
        title={t('transfer.warningTitle')}
        description={t('transfer.warning')}
        style={{ marginBottom: 16 }}
      />
      <Typography.Text type="secondary">{t('transfer.gateways', { count: items.length })}</Typography.Text>
      <Flex wrap gap={4} style={{ margin: '4px 0 16px' }} data-testid="transfer-gateways">
        {items.map((item) => (
          <Tag key={item.gatewayId}>{item.gatewayName}</Tag>
        ))}
      </Flex>
      <TransferConfirmationForm transfer={transfer} error={error} onSubmit={submit} />
    </Modal>
  );
}
