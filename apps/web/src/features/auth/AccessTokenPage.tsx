import { useQueryClient } from '@tanstack/react-query';
import { Card, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConsole } from '../../app/context';
import { clearUserInfo } from '../../app/userInfo';
import { logInByAccessToken } from './authApi';

/** The access-token check: a token handed over (e.g. by the mobile app) opens a console session. */
export default function AccessTokenPage() {
  const { api } = useConsole();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const token = params.get('accessToken') ?? '';
  useEffect(() => {
    let live = true;
    const attempt = token ? logInByAccessToken(api, token) : Promise.resolve({ ok: false as const });
    void attempt.then((outcome) => {
      if (!live) return;
      clearUserInfo(queries);
      navigate(outcome.ok ? '/console/home' : '/user/loginByAccessToken', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [api, token, navigate, queries]);
  return (
    <Card style={{ textAlign: 'center' }}>
      <Spin size="large" />
    </Card>
  );
}
