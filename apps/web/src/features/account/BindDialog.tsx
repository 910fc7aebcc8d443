import { ValidationCodeType } from '@smartlock/contract';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { AccountField, accountOf } from '../auth/AccountField';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { ValidationCodeField } from '../auth/ValidationCodeField';
import { bindEmailParams, bindMobileParams, type Identifier } from './account';
import { useBindEmail, useBindMobile } from './accountApi';
import { FormDialog } from './FormDialog';
import { type UserInfo, useUserInfoUpdate } from './useUserInfoUpdate';

interface BindValues {
  country?: string;
  account: string;
  validationCode: string;
}

/** Binds a mobile number or an email address (or replaces the one bound) with the code sent to it. */
export function BindDialog({ which, me, onClose }: { which: Identifier; me: UserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const { error, busy, run } = useSubmission();
  const update = useUserInfoUpdate();
  const bindMobile = useBindMobile();
  const bindEmail = useBindEmail();
  const replacing = me[which] !== '';
  const mobile = which === 'mobile';

  function target() {
    const { account, countryCode } = accountOf(form);
    return { account, countryCode: mobile ? countryCode : '' };
  }

  async function submit(values: BindValues) {
    await run(async () => {
      const { account, countryCode } = target();
      const info = mobile
        ? await bindMobile.mutateAsync(
            bindMobileParams({ account, countryCode, validationCode: values.validationCode }),
          )
        : await bindEmail.mutateAsync(bindEmailParams({ account, validationCode: values.validationCode }));
      await update(info);
      message.success(t(mobile ? 'account.mobileBound' : 'account.emailBound'));
      onClose();
    });
  }

  const title = mobile
    ? t(replacing ? 'account.changeMobileTitle' : 'account.bindMobileTitle')
    : t(replacing ? 'account.changeEmailTitle' : 'account.bindEmailTitle');
  return (
    <FormDialog<BindValues>
      title={title}
      testId="bind-dialog"
      form={form}
      initialValues={{ country: me.countryId || DEFAULT_COUNTRY }}
      onFinish={(values) => void submit(values)}
      onClose={onClose}
      busy={busy}
      error={error}
      okText={t(replacing ? 'account.change' : 'account.bind')}
    >
      <AccountField form={form} kind={which} onKindChange={() => undefined} only={which} />
      <ValidationCodeField
        codeType={mobile ? ValidationCodeType.bindMobile : ValidationCodeType.bindEmail}
        request={async () => {
          await form.validateFields(['account']);
          return target();
        }}
        extra={t('account.codeToNew')}
      />
    </FormDialog>
  );
}
