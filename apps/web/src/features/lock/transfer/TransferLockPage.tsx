import { Alert, App, Button, Card, Col, Row } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmission } from '../../../ui/useSubmission';
import { TransferConfirmationForm } from '../../transfer/TransferConfirmationForm';
import { lockTransferParams } from '../../transfer/transfer';
import { type TransferValues, useTransferForm } from '../../transfer/useTransferForm';
import { type TransferableLock, useTransferLocks } from '../lockApi';
import { TransferLockPicker } from './TransferLockPicker';
import { usePreselectedLock } from './usePreselectedLock';

/**
 * Transfers locks the user owns to another registered account, for good (spec:
 * manage/transferLock): the locks, the receiving account, the user's password and a code.
 */
export default function TransferLockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const transferLocks = useTransferLocks();
  const transfer = useTransferForm();
  const { error, busy, run } = useSubmission();
  const [selected, setSelected] = useState<TransferableLock[]>([]);
  const [noneChosen, setNoneChosen] = useState(false);

  const choose = useCallback(
    (item: TransferableLock) =>
      setSelected((before) => (before.some((other) => other.lockId === item.lockId) ? before : [...before, item])),
    [],
  );
  usePreselectedLock(choose);

  async function submit(values: TransferValues) {
    if (selected.length === 0) {
      setNoneChosen(true);
      return;
    }
    await run(async () => {
      const params = lockTransferParams({
        lockIds: selected.map((item) => item.lockId),
        ...transfer.confirmationOf(values),
      });
      await transferLocks.mutateAsync(params);
      message.success(t('lockTransfer.done', { count: selected.length }));
      navigate('/console/home');
    });
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={13}>
        <Card title={t('lockTransfer.locks')} size="small">
          <TransferLockPicker
            selected={selected}
            onChange={(locks) => {
              setSelected(locks);
              if (locks.length > 0) setNoneChosen(false);
            }}
          />
          {noneChosen ? (
            <Alert type="error" showIcon title={t('errors.selectAtLeastOneLock')} style={{ marginTop: 12 }} />
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card title={t('lockTransfer.to')} size="small">
          <Alert
            type="warning"
            showIcon
            title={t('transfer.warningTitle')}
            description={t('lockTransfer.warning')}
            style={{ marginBottom: 16 }}
            data-testid="transfer-warning"
          />
          <TransferConfirmationForm transfer={transfer} error={error} onSubmit={submit}>
            <Button type="primary" danger htmlType="submit" loading={busy} block data-testid="transfer-submit">
              {t('lockTransfer.submit', { count: selected.length })}
            </Button>
          </TransferConfirmationForm>
        </Card>
      </Col>
    </Row>
  );
}
