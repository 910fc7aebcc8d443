import { Alert, App, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { TransferConfirmationForm } from '../transfer/TransferConfirmationForm';
import { type TransferValues, useTransferForm } from '../transfer/useTransferForm';
import { useTransferAll } from './accountApi';
import { type OwnedDevices, transferAllParams } from './accountEnd';

/**
 * Hands every lock and gateway the user owns to another account at once (/user/transferUserConfirm):
 * what goes, the receiving account, the user's password and a code sent to the user's own account.
 */
export function TransferAllDialog({ owned, onClose }: { owned: OwnedDevices; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const transferAll = useTransferAll();
  const transfer = useTransferForm();
  const { error, busy, run } = useSubmission();

  async function submit(values: TransferValues) {
    await run(async () => {
      const moved = await transferAll.mutateAsync(transferAllParams(transfer.confirmationOf(values)));
      message.success(t('account.transferAllDone', { locks: moved.lockCount, gateways: moved.gatewayCount }));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('account.transferAll')}
      okText={t('transfer.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'transfer-all-submit' }}
      confirmLoading={busy}
      onOk={() => transfer.form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={560}
      data-testid="transfer-all-dialog"
    >
      <Alert
        type="warning"
        showIcon
        title={t('transfer.warningTitle')}
        description={t('account.transferAllWarning')}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph data-testid="transfer-all-owned">
        {t('account.owned', { locks: owned.locks, gateways: owned.gateways })}
      </Typography.Paragraph>
      <TransferConfirmationForm transfer={transfer} error={error} onSubmit={(values) => void submit(values)} />
    </Modal>
  );
}
