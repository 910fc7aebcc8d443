import { DeleteOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import type { PasscodeItem } from './passcodeApi';
import { sendPasscodePath } from './passcodePaths';
import { passcodeRowActions } from './passcodeStatus';

/** A passcode row's actions as its status allows: send it, change it, delete it. */
export function PasscodeRowActions({
  item,
  busy,
  onChange,
  onDelete,
}: {
  item: PasscodeItem;
  /** Another change is travelling to the lock: wait for it. */
  busy: boolean;
  onChange: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const allowed = passcodeRowActions(item.status);
  return (
    <Space size={0} wrap>
      {allowed.send ? (
        <LinkButton
          to={sendPasscodePath(item.lockId, item.keyboardPwdId)}
          state={{ passcode: item }}
          type="link"
          size="small"
          icon={<SendOutlined />}
          data-testid="passcode-action-send"
        >
          {t('passcode.action.send')}
        </LinkButton>
      ) : null}
      {allowed.change ? (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          disabled={busy}
          onClick={onChange}
          data-testid="passcode-action-change"
        >
          {t('passcode.action.change')}
        </Button>
      ) : null}
      {allowed.remove ? (
        <Tooltip title={busy ? t('passcode.waitForLock') : undefined}>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={busy}
            onClick={onDelete}
            data-testid="passcode-action-delete"
          >
            {t('passcode.action.delete')}
          </Button>
        </Tooltip>
      ) : null}
    </Space>
  );
}
