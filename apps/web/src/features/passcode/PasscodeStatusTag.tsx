import { LoadingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPasscodePending, passcodeStatusColor, passcodeStatusKey } from './passcodeStatus';

/** A passcode's status as a coloured tag, with a spinner while it travels through the gateway. */
export function PasscodeStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={passcodeStatusColor(status)}
      icon={isPasscodePending(status) ? <LoadingOutlined /> : undefined}
      data-testid="passcode-status"
      data-status={status}
    >
      {t(passcodeStatusKey(status), { code: status })}
    </Tag>
  );
}
