import { Form } from 'antd';
import { useState } from 'react';
import { type AccountKind, accountOf, useAccountKinds } from '../auth/AccountField';
import type { TransferConfirmation } from './transfer';

/** The values a transfer form holds besides the receiving account. */
export interface TransferValues {
  password: string;
  validationCode: string;
}

/** A transfer form: the receiving account's kind (as the brand allows) and its confirmation when submitted. */
export function useTransferForm() {
  const [form] = Form.useForm();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const confirmationOf = (values: TransferValues): TransferConfirmation => ({
    receiver: { kind, ...accountOf(form) },
    password: values.password,
    validationCode: values.validationCode,
  });
  return { form, kind, setKind, confirmationOf };
}

export type TransferForm = ReturnType<typeof useTransferForm>;
