import { ValidationCodeType } from '@smartlock/contract';
import { Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../app/userInfo';
import { AccountField } from '../auth/AccountField';
import { ValidationCodeField } from '../auth/ValidationCodeField';
import { ownAccountOf } from './transfer';
import type { TransferForm } from './useTransferForm';

/**
 * The fields every transfer asks for (inside its Form): the receiving account, then the caller's
 * password and a validation code (type 9) sent to the caller's own account.
 */
export function TransferFields({ transfer }: { transfer: TransferForm }) {
  const { t } = useTranslation();
  const { data: me } = useUserInfo();
  const own = me ? ownAccountOf(me) : undefined;
  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
        {t('transfer.receiver')}
      </Divider>
      <AccountField form={transfer.form} kind={transfer.kind} onKindChange={transfer.setKind} />
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
    </>
  );
}
