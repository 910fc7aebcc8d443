import { Alert, Form } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { TransferFields } from './TransferFields';
import type { TransferForm, TransferValues } from './useTransferForm';

/**
 * A transfer's form (locks and gateways alike): the server's error if the last try failed, the
 * receiver, password and code fields, then what the screen adds (its submit button).
 */
export function TransferConfirmationForm({
  transfer,
  error,
  onSubmit,
  children,
}: {
  transfer: TransferForm;
  error: string | undefined;
  onSubmit: (values: TransferValues) => void;
  children?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="transfer-error" />
      ) : null}
      <Form<TransferValues>
        form={transfer.form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={onSubmit}
        requiredMark={false}
      >
        <TransferFields transfer={transfer} />
        {children}
      </Form>
    </>
  );
}
