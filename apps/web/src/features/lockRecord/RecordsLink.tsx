import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import { type RecordFilterParam, recordsPath } from './recordFilter';

/** A credential row's link to its records (manage/records with the credential's filter). */
export function RecordsLink({
  lockId,
  param,
  value,
}: {
  lockId: number;
  param: RecordFilterParam;
  value: string | number;
}) {
  const { t } = useTranslation();
  return (
    <LinkButton
      to={recordsPath(lockId, { param, value })}
      data-testid="records-link"
      type="link"
      size="small"
      icon={<HistoryOutlined />}
    >
      {t('lockRecord.recordsLink')}
    </LinkButton>
  );
}
