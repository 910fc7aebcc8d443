import type { LockCredentialKind, RemoteOperation } from '@smartlock/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidityDialog } from '../credentials/ValidityDialog';
import { validityOf, validityParams } from '../credentials/validity';
import { type CredentialItem, useChangeCredentialPeriod } from './lockCredentialApi';
import { followable } from './startedOperation';

/**
 * Changes a credential's validity with the editor credentials are issued with. The change goes
 * to the lock through its gateway: the dialog closes once it is sent and the tab follows it.
 */
export function ChangeCredentialValidityDialog({
  kind,
  item,
  onClose,
  onOperation,
}: {
  kind: LockCredentialKind;
  item: CredentialItem;
  onClose: () => void;
  onOperation: (started: RemoteOperation) => void;
}) {
  const { t } = useTranslation();
  const changePeriod = useChangeCredentialPeriod(kind);
  const [initial] = useState(() => validityOf(item, Date.now()));
  return (
    <ValidityDialog
      title={t('credential.validityTitle', { number: item.number })}
      okText={t('credential.save')}
      hint={t('credential.throughGateway')}
      initial={initial}
      hints="credential.validity"
      testId="credential-validity"
      onClose={onClose}
      onSubmit={async (validity) => {
        const reply = await changePeriod.mutateAsync({
          credentialId: item.credentialId,
          ...validityParams(validity),
        });
        onOperation(followable(reply.operation));
      }}
    />
  );
}
