import { CREDENTIAL_NAME_MAX } from '@smartlock/contract';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldItem } from '../../../ui/FieldItem';

/** The optional name an issue form gives a credential, with its length counter. */
export function NameField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (name: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FieldItem label={t('credential.field.name')} extra={t('credential.field.nameHint')}>
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={CREDENTIAL_NAME_MAX}
        showCount
        data-testid={testId}
      />
    </FieldItem>
  );
}
