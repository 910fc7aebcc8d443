import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('antd/es/alert'));

/**
 * Ant Design's Alert, loaded when first shown: the sign-in screens show one only after a failed
 * submission or on a notice, so their first paint need not carry it.
 */
export function Notice(props: AlertProps & { 'data-testid'?: string }) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
