import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Closing a drawer or dialog that holds unsaved changes asks first; `close` runs at once when
 * there is nothing to lose.
 */
export function useDiscardConfirmation(): (dirty: boolean, close: () => void) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (dirty: boolean, close: () => void) => {
      if (!dirty) {
        close();
        return;
      }
      modal.confirm({
        title: t('unsaved.title'),
        content: t('unsaved.close'),
        okText: t('unsaved.discard'),
        cancelText: t('unsaved.stay'),
        okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
        onOk: close,
      });
    },
    [modal, t],
  );
}
