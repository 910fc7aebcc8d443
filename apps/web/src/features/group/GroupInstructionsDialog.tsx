import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { StayInstructionsEditor } from '../stay/StayInstructionsEditor';
import type { LockGroup } from './groupApi';

/** A group's arrival instructions for guests of stays at its locks (a lock's own replace them). */
export function GroupInstructionsDialog({ item, onClose }: { item: LockGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const confirmDiscard = useDiscardConfirmation();
  const close = () => confirmDiscard(dirty, onClose);
  return (
    <Modal
      open
      title={t('stayInstructions.groupTitle', { name: item.groupName })}
      onCancel={close}
      footer={<Button onClick={close}>{t('stayInstructions.close')}</Button>}
      destroyOnHidden
      data-testid="group-instructions-dialog"
    >
      <StayInstructionsEditor target={{ groupId: item.groupId }} onDirty={setDirty} />
    </Modal>
  );
}
