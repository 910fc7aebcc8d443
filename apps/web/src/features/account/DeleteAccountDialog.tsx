import { ValidationCodeType } from '@smartlock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearUserInfo, useUserInfo } from '../../app/userInfo';
import { useSubmission } from '../../ui/useSubmission';
import { ValidationCodeField } from '../auth/ValidationCodeField';
import { ownAccountOf } from '../transfer/transfer';
import { useDeleteAccount } from './accountApi';
import { DELETION_CONSEQUENCES, type OwnedDevices, ownsDevices, unregisterParams } from './accountEnd';

interface DeleteValues {
  password: string;
  validationCode: string;
  understood: boolean;
}

/**
 * Deletes the user's account (/user/unregister). While the user still owns locks or gateways it
 * says so and offers the ways to hand them over; otherwise it lists what deleting does, asks for
 * the password, a code (type 10) sent to the user's own account and a tick, and after success
 * leaves the console for the login screen.
 */
export function DeleteAccountDialog({
  owned,
  onTransferAll,
  onClose,
}: {
  owned: OwnedDevices;
  onTransferAll: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deleteAccount = useDeleteAccount();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { data: me } = useUserInfo();
  const own = me ? ownAccountOf(me) : undefined;
  const [form] = Form.useForm<DeleteValues>();
  const [understood, setUnderstood] = useState(false);
  const { error, busy, run } = useSubmission();
  const blocked = ownsDevices(owned);

  async function submit(values: DeleteValues) {
    await run(async () => {
      await deleteAccount.mutateAsync(unregisterParams(values));
      // As a logout: the session is gone (the server ended it and cleared the cookie).
      clearUserInfo(queries);
      navigate('/login', { replace: true });
      message.success(t('account.deleted'));
    });
  }

  if (blocked) {
    return (
      <Modal
        open
        title={t('account.deleteAccount')}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('account.close')}</Button>}
        data-testid="delete-account-dialog"
      >
        <Alert
          type="error"
          showIcon
          title={t('account.deleteOwnsTitle')}
          description={
            <>
              <p>{t('account.deleteOwnsDetail')}</p>
              <p data-testid="delete-account-owned">
                {t('account.owned', { locks: owned.locks, gateways: owned.gateways })}
              </p>
            </>
          }
          data-testid="delete-account-blocked"
        />
        <Flex wrap gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" onClick={onTransferAll} data-testid="delete-account-transfer-all">
            {t('account.transferAll')}
          </Button>
          {owned.locks > 0 ? (
            <Button onClick={() => navigate('/manage/transferLock')}>{t('account.transferLocks')}</Button>
          ) : null}
          {owned.gateways > 0 ? (
            <Button onClick={() => navigate('/plug/home')}>{t('account.openGateways')}</Button>
          ) : null}
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('account.deleteAccount')}
      okText={t('account.deleteSubmit')}
      okButtonProps={{ danger: true, disabled: !understood, 'data-testid': 'delete-account-submit' }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={560}
      data-testid="delete-account-dialog"
    >
      <Alert
        type="warning"
        showIcon
        title={t('account.deleteWarningTitle')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="delete-account-consequences">
            {DELETION_CONSEQUENCES.map((key) => (
              <li key={key}>{t(`account.${key}`)}</li>
            ))}
          </ul>
        }
        style={{ marginBottom: 16 }}
      />
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="delete-account-error" />
      ) : null}
      <Form<DeleteValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        name="delete-account"
      >
        <Form.Item
          name="password"
          label={t('transfer.password')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="delete-account-password" />
        </Form.Item>
        <ValidationCodeField
          codeType={ValidationCodeType.unregister}
          request={async () => own}
          extra={own ? t('transfer.codeHint', { account: own.account }) : undefined}
        />
        <Form.Item
          name="understood"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('account.deleteUnderstandRequired'))),
            },
          ]}
        >
          <Checkbox onChange={(event) => setUnderstood(event.target.checked)} data-testid="delete-account-understood">
            {t('account.deleteUnderstand')}
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
