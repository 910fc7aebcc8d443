import { Alert, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A dialog holding one form: the server's error of the last try above the fields, the OK button
 * submitting the form (busy while the call runs).
 */
export function FormDialog<Values>({
  title,
  testId,
  form,
  initialValues,
  onFinish,
  onClose,
  busy,
  error,
  okText,
  children,
}: {
  title: ReactNode;
  testId: string;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void;
  onClose: () => void;
  busy: boolean;
  error: string | undefined;
  okText: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': `${testId}-submit` }}
      maskClosable={false}
      destroyOnHidden
      data-testid={testId}
    >
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={`${testId}-error`} />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={onFinish}
        name={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
