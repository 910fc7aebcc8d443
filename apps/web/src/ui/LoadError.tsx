import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/failureMessage';

/** A list or panel that could not load: the translated reason and a retry. */
export function LoadError({ error, retry, style }: { error: unknown; retry: () => void; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(t, error)}
      action={<Button onClick={retry}>{t('app.retry')}</Button>}
      style={style}
    />
  );
}
