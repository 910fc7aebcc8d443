import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * The end of a form: why the last submission failed, if it did, above the primary submit button.
 * Full width unless `block` is false.
 */
export function FormFooter({
  error,
  errorTestId,
  errorGap = 16,
  icon,
  busy,
  disabled,
  block = true,
  testId,
  children,
}: {
  error?: string | undefined;
  errorTestId?: string;
  /** The room between the failure and the button, in pixels. */
  errorGap?: number;
  icon?: ReactNode;
  busy: boolean;
  disabled?: boolean;
  block?: boolean;
  testId: string;
  /** The button's words. */
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: errorGap }} data-testid={errorTestId} />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        icon={icon}
        loading={busy}
        disabled={disabled}
        block={block}
        data-testid={testId}
      >
        {children}
      </Button>
    </>
  );
}
