import { Button, Card, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Seconds before the success screen returns to login (the spec leaves the value open). */
export const RESET_COUNTDOWN_SECONDS = 5;

export default function ResetSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(RESET_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Card>
      <Result
        status="success"
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('auth.resetSuccess')}</h1>}
        subTitle={t('auth.returningToLogin', { count: left })}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('auth.login')}
          </Button>
        }
      />
    </Card>
  );
}
