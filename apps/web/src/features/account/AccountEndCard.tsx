import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../ui/LoadError';
import { ownsDevices } from './accountEnd';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingRow } from './SettingRow';
import { TransferAllDialog } from './TransferAllDialog';
import { useOwnedDevices } from './useOwnedDevices';

/**
 * The account as a whole: hand every lock and gateway over to another account at once, and
 * delete the account (only once it owns none).
 */
export function AccountEndCard() {
  const { t } = useTranslation();
  const { owned, error, retry } = useOwnedDevices();
  const [dialog, setDialog] = useState<'transfer' | 'delete'>();
  const close = () => setDialog(undefined);

  return (
    <Card title={t('account.handoverTitle')} data-testid="account-end-card" styles={{ body: { paddingTop: 8 } }}>
      {error && !owned ? <LoadError error={error} retry={retry} style={{ marginTop: 8 }} /> : null}
      <SettingRow
        icon={<SwapOutlined />}
        label={t('account.transferAll')}
        value={
          <>
            <Typography.Paragraph style={{ margin: 0 }}>{t('account.transferAllDetail')}</Typography.Paragraph>
            {owned ? (
              <Typography.Text type="secondary" data-testid="account-owned">
                {ownsDevices(owned)
                  ? t('account.owned', { locks: owned.locks, gateways: owned.gateways })
                  : t('account.nothingOwned')}
              </Typography.Text>
            ) : null}
          </>
        }
        testId="account-transfer-all"
      >
        <Tooltip title={owned && !ownsDevices(owned) ? t('account.nothingOwned') : undefined}>
          <Button
            disabled={!owned || !ownsDevices(owned)}
            onClick={() => setDialog('transfer')}
            data-testid="transfer-all"
          >
            {t('transfer.submit')}
          </Button>
        </Tooltip>
      </SettingRow>
      <SettingRow
        icon={<DeleteOutlined />}
        label={t('account.deleteAccount')}
        value={<Typography.Paragraph style={{ margin: 0 }}>{t('account.deleteDetail')}</Typography.Paragraph>}
        testId="account-delete"
      >
        <Button danger disabled={!owned} onClick={() => setDialog('delete')} data-testid="delete-account">
          {t('account.deleteAccount')}
        </Button>
      </SettingRow>
      {owned && dialog === 'transfer' ? <TransferAllDialog owned={owned} onClose={close} /> : null}
      {owned && dialog === 'delete' ? (
        <DeleteAccountDialog owned={owned} onTransferAll={() => setDialog('transfer')} onClose={close} />
      ) : null}
    </Card>
  );
}
