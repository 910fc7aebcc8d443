import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { eKeyStatusColor, eKeyStatusKey } from './ekeyStatus';

/** An eKey's status as a coloured tag, in the user's language. */
export function EKeyStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={eKeyStatusColor(status)} data-testid="ekey-status" data-status={status}>
      {t(eKeyStatusKey(status), { code: status })}
    </Tag>
  );
}
