import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const Result = lazy(() => import('antd/es/result'));

/**
 * Ant Design's Result (a status picture, a title, actions), loaded when first shown: the error,
 * not-found and coming-soon screens are rare, and their pictures need not load with every page.
 */
export function Outcome(props: ResultProps & { 'data-testid'?: string }) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
