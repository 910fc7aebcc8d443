import { ValidationCodeType } from '@smartlock/contract';
import { App, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from '../auth/AccountField';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { ValidationCodeField } from '../auth/ValidationCodeField';
import { changeAccountParams } from './account';
import { useChangeAccount } from './accountApi';
import { FormDialog } from './FormDialog';
import { type UserInfo, useUserInfoUpdate } from './useUserInfoUpdate';

interface ChangeAccountValues {
  country?: string;
  account: string;
  validationCode: string;
}

/** Changes the account the user logs in with, with the code sent to the new one. */
export function ChangeAccountDialog({ me, onClose }: { me: UserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const kinds = useAccountKinds();
  const current: AccountKind = me.userId !== '' && me.userId === me.email ? 'email' : 'mobile';
  const [kind, setKind] = useState<AccountKind>(kinds.includes(current) ? current : (kinds[0] ?? 'email'));
  const [form] = Form.useForm<ChangeAccountValues>();
  const { error, busy, run } = useSubmission();
  const update = useUserInfoUpdate();
  const changeAccount = useChangeAccount();

  async function submit(values: ChangeAccountValues) {
    await run(async () => {
      const info = await changeAccount.mutateAsync(
        changeAccountParams({ kind, ...accountOf(form), validationCode: values.validationCode }),
      );
      await update(info);
      message.success(t('account.accountChanged'));
      onClose();
    });
  }

  return (
    <FormDialog<ChangeAccountValues>
      title={t('account.changeAccountTitle')}
      testId="change-account-dialog"
      form={form}
      initialValues={{ country: me.countryId || DEFAULT_COUNTRY }}
      onFinish={(values) => void submit(values)}
      onClose={onClose}
      busy={busy}
      error={error}
      okText={t('account.change')}
    >
      <Typography.Paragraph type="secondary">
        {t('account.changeAccountHint', { account: me.userId })}
      </Typography.Paragraph>
      <AccountField form={form} kind={kind} onKindChange={setKind} />
      <ValidationCodeField
        codeType={ValidationCodeType.changeAccount}
        request={async () => {
          await form.validateFields(['account']);
          const { account, countryCode } = accountOf(form);
          return { account, countryCode: kind === 'mobile' ? countryCode : '' };
        }}
        extra={t('account.codeToNew')}
      />
    </FormDialog>
  );
}
