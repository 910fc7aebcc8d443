import { gateway, ValidationCodeType } from '@smartlock/contract';
import { Alert, App, Divider, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { useUserInfo } from '../../app/userInfo';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from '../auth/AccountField';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { useSubmission } from '../auth/useSubmission';
import { ValidationCodeField } from '../auth/ValidationCodeField';
import { type GatewayItem, useRefreshGateways } from './gatewayQueries';
import { ownAccountOf, transferParams } from './transfer';

interface TransferValues {
  password: string;
  validationCode: string;
}

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
  const { api } = useConsole();
  const { message } = App.useApp();
  const { data: me } = useUserInfo();
  const [form] = Form.useForm();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const refresh = useRefreshGateways();
  const { error, busy, run } = useSubmission();
  const own = me ? ownAccountOf(me) : undefined;

  async function submit(values: TransferValues) {
    await run(async () => {
      const params = transferParams({
        gatewayIds: items.map((item) => item.gatewayId),
        receiver: { kind, ...accountOf(form) },
        password: values.password,
        validationCode: values.validationCode,
      });
      await api.call(gateway.transfer, params);
      message.success(t('transfer.done'));
      await refresh();
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
      onOk={() => form.submit()}
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
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="transfer-error" />
      ) : null}
      <Form<TransferValues>
        form={form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={submit}
        requiredMark={false}
      >
        <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
          {t('transfer.receiver')}
        </Divider>
        <AccountField form={form} kind={kind} onKindChange={setKind} />
        <Divider titlePlacement="start" plain>
          {t('transfer.confirm')}
        </Divider>
        <Form.Item
          name="password"
          label={t('transfer.password')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="transfer-password" />
        </Form.Item>
        <ValidationCodeField
          codeType={ValidationCodeType.transferLock}
          request={async () => own}
          extra={own ? t('transfer.codeHint', { account: own.account }) : undefined}
        />
      </Form>
    </Modal>
  );
}
