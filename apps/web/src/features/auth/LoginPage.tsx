import { LockOutlined } from '@ant-design/icons';
import { ERRORS, user } from '@smartlock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CallFailure } from '../../api/client';
import { useConsole } from '../../app/context';
import { takeLoggedOutFlag } from '../../app/sessionFlag';
import { clearUserInfo } from '../../app/userInfo';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from './AccountField';
import { DEFAULT_COUNTRY } from './CountryCodeSelect';
import { SliderCheck } from './SliderCheck';
import { useSubmission } from './useSubmission';

/** Where to go after login: a same-site path only. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/console/home';
}

/** Login (also the user-login-failed screen); the slider check when the server asks for it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queries = useQueryClient();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const [loggedOut] = useState(takeLoggedOutFlag);
  const { error, busy, run } = useSubmission();
  const [slider, setSlider] = useState(false);
  const tokenFailed = location.pathname === '/user/loginByAccessToken';

  async function submit(sliderToken?: string) {
    await run(
      async () => {
        await api.call(user.login, { ...accountOf(form), password: form.getFieldValue('password'), sliderToken });
        clearUserInfo(queries);
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      },
      (failure) => {
        const slider =
          failure instanceof CallFailure &&
          failure.failure.kind === 'server' &&
          failure.failure.code === ERRORS.sliderRequired.code;
        if (slider) setSlider(true);
        return slider;
      },
    );
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.loginTitle')}
      </Typography.Title>
      {loggedOut ? (
        <Alert
          type="warning"
          showIcon
          title={t('errors.loginExpired')}
          style={{ marginBottom: 16 }}
          data-testid="login-expired"
        />
      ) : null}
      {tokenFailed ? (
        <Alert type="error" showIcon title={t('auth.accessTokenFailed')} style={{ marginBottom: 16 }} />
      ) : null}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={() => void submit()}
        requiredMark={false}
      >
        <AccountField form={form} kind={kind} onKindChange={setKind} />
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/regist">{t('auth.createAccount')}</Link>
        <Link to="/resetPwd">{t('auth.forgotPassword')}</Link>
      </div>
      <SliderCheck
        open={slider}
        onCancel={() => setSlider(false)}
        onSolved={(token) => {
          setSlider(false);
          void submit(token);
        }}
      />
    </Card>
  );
}
