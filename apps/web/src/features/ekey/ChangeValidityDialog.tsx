import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidityDialog } from '../credentials/ValidityDialog';
import { validityOf, validityParams } from '../credentials/validity';
import { type EKeyItem, useChangeEKeyPeriod } from './ekeyApi';

/** Changes an eKey's validity with the same editor keys are sent with; never beyond the user's own validity. */
export function ChangeValidityDialog({ item, onClose }: { item: EKeyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const changePeriod = useChangeEKeyPeriod();
  const [initial] = useState(() => validityOf(item, Date.now()));
  return (
    <ValidityDialog
      title={t('ekey.validityTitle', { user: item.username })}
      okText={t('ekey.save')}
      hint={t('ekey.validityHint')}
      initial={initial}
      testId="ekey-validity"
      onClose={onClose}
      onSubmit={async (validity) => {
        await changePeriod.mutateAsync({ keyId: item.keyId, ...validityParams(validity) });
        message.success(t('ekey.done.changeValidity'));
      }}
    />
  );
}
