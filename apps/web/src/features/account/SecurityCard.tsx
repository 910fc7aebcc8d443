import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { canUnbind, type Identifier, identifierActions } from './account';
import { useBindEmail, useBindMobile } from './accountApi';
import { BindDialog } from './BindDialog';
import { ChangeAccountDialog } from './ChangeAccountDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { SettingRow as Row } from './SettingRow';
import { type UserInfo, useUserInfoUpdate } from './useUserInfoUpdate';

type Dialog = { kind: 'bind'; which: Identifier } | { kind: 'account' } | { kind: 'password' };

/** The login account, the mobile number and the email (bind, change, unbind), and the password. */
export function SecurityCard({ me }: { me: UserInfo }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const update = useUserInfoUpdate();
  const bindMobile = useBindMobile();
  const bindEmail = useBindEmail();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  function unbind(which: Identifier) {
    const mobile = which === 'mobile';
    modal.confirm({
      title: t(mobile ? 'account.unbindMobileConfirm' : 'account.unbindEmailConfirm', { account: me[which] }),
      content: t('account.unbindDetail'),
      okText: t('account.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'unbind-confirm' },
      onOk: async () => {
        try {
          const info = mobile
            ? await bindMobile.mutateAsync({ unbind: true })
            : await bindEmail.mutateAsync({ unbind: true });
          await update(info);
          message.success(t(mobile ? 'account.mobileUnbound' : 'account.emailUnbound'));
        } catch (error) {
          message.error(errorText(t, error));
        }
      },
    });
  }

  function identifier(which: Identifier) {
    const value = me[which];
    const allowed = canUnbind(me, which);
    return (
      <Row
        key={which}
        icon={which === 'mobile' ? <MobileOutlined /> : <MailOutlined />}
        label={t(which === 'mobile' ? 'auth.mobile' : 'auth.email')}
        value={value ? <Typography.Text strong>{value}</Typography.Text> : <Tag>{t('account.notBound')}</Tag>}
        testId={`account-${which}`}
      >
        {identifierActions(me, which).map((action) =>
          action === 'unbind' ? (
            <Tooltip key={action} title={allowed ? undefined : t('errors.cannotUnbindOnlyAccount')}>
              <Button danger disabled={!allowed} onClick={() => unbind(which)} data-testid={`unbind-${which}`}>
                {t('account.unbind')}
              </Button>
            </Tooltip>
          ) : (
            <Button
              key={action}
              type={action === 'bind' ? 'primary' : 'default'}
              onClick={() => setDialog({ kind: 'bind', which })}
              data-testid={`${action}-${which}`}
            >
              {t(action === 'bind' ? 'account.bind' : 'account.change')}
            </Button>
          ),
        )}
      </Row>
    );
  }

  return (
    <Card title={t('account.security')} data-testid="security-card" styles={{ body: { paddingTop: 8 } }}>
      <Row
        icon={<UserOutlined />}
        label={t('account.loginAccount')}
        value={<Typography.Text strong>{me.userId}</Typography.Text>}
        testId="account-login"
      >
        <Button onClick={() => setDialog({ kind: 'account' })} data-testid="change-account">
          {t('account.change')}
        </Button>
      </Row>
      {identifier('mobile')}
      {identifier('email')}
      <Row icon={<LockOutlined />} label={t('auth.password')} value="••••••••" testId="account-password">
        <Button onClick={() => setDialog({ kind: 'password' })} data-testid="change-password">
          {t('account.change')}
        </Button>
      </Row>
      {dialog?.kind === 'bind' ? <BindDialog which={dialog.which} me={me} onClose={close} /> : null}
      {dialog?.kind === 'account' ? <ChangeAccountDialog me={me} onClose={close} /> : null}
      {dialog?.kind === 'password' ? <ChangePasswordDialog onClose={close} /> : null}
    </Card>
  );
}
