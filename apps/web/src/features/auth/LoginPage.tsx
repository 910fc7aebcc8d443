import { LockOutlined } from '@ant-design/icons';
import { ERRORS } from '@smartlock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
// The password input alone (not antd's Input namespace, which brings the text area along).
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CallFailure } from '../../api/client';
import { useConsole } from '../../app/context';
import { clearLoggedOutFlag, loggedOutFlag } from '../../app/sessionFlag';
import { clearUserInfo } from '../../app/userInfo';
import { Notice } from '../../ui/Notice';
import { useSubmission } from '../../ui/useSubmission';
import { accountOf } from './AccountField';
import { AuthForm } from './AuthForm';
import { logIn } from './authApi';

/** The slider check loads when the server first asks for it. */
const SliderCheck = lazy(() => import('./SliderCheck').then((module) => ({ default: module.SliderCheck })));

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
  const [loggedOut] = useState(loggedOutFlag);
  useEffect(clearLoggedOutFlag, []);
  const { error, busy, run } = useSubmission();
  const [slider, setSlider] = useState(false);
  const tokenFailed = location.pathname === '/user/loginByAccessToken';

  async function submit(sliderToken?: string) {
    await run(
      async () => {
        await logIn(api, { ...accountOf(form), password: form.getFieldValue('password'), sliderToken });
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
    <AuthForm
      name="login"
      title={t('auth.loginTitle')}
      form={form}
      onFinish={() => void submit()}
      submitLabel={t('auth.login')}
      busy={busy}
      error={error}
      notices={
        <>
          {loggedOut ? (
            <Notice
              type="warning"
              showIcon
              title={t('errors.loginExpired')}
              style={{ marginBottom: 16 }}
              data-testid="login-expired"
            />
          ) : null}
          {tokenFailed ? (
            <Notice type="error" showIcon title={t('auth.accessTokenFailed')} style={{ marginBottom: 16 }} />
          ) : null}
        </>
      }
      footer={
        <>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
            <Link to="/regist">{t('auth.createAccount')}</Link>
            <Link to="/resetPwd">{t('auth.forgotPassword')}</Link>
          </div>
          {slider ? (
            <Suspense fallback={null}>
              <SliderCheck
                open
                onCancel={() => setSlider(false)}
                onSolved={(token) => {
                  setSlider(false);
                  void submit(token);
                }}
              />
            </Suspense>
          ) : null}
        </>
      }
    >
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="password" />
      </Form.Item>
    </AuthForm>
  );
}
