import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../api/client';
import { errorText } from '../api/failureMessage';
import { BackHomeButton } from '../features/coming/BackHomeButton';

/**
 * What a page shows while what it needs is loading (a skeleton), or why it could not load: the
 * reason, a retry (not when the answer is "no permission": trying again changes nothing) and the
 * way home.
 */
export function LoadingOrFailure({
  error,
  retry,
  rows = 6,
  testId,
}: {
  /** The failure, or undefined while loading. */
  error: unknown;
  retry: () => void;
  rows?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!error) return <Skeleton active paragraph={{ rows }} />;
  const denied = error instanceof CallFailure && error.failure.kind === 'noPermission';
  return (
    <Result
      status="warning"
      title={errorText(t, error)}
      extra={[
        denied ? null : (
          <Button key="retry" onClick={retry}>
            {t('app.retry')}
          </Button>
        ),
        <BackHomeButton key="home" />,
      ]}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}
