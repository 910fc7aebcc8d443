import { KEY_NAME_MAX, REMARK_MAX } from '@smartlock/contract';
import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { validityRules } from '../credentials/validityRules';

/**
 * What an eKey carries, inside a send form: its name (optional), its validity (the shared editor),
 * remote unlock, the authorized-administrator choice (owners only) and remarks.
 */
export function GrantFields({ keyName = true, adminChoice }: { keyName?: boolean; adminChoice: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {keyName ? (
        <Form.Item name="keyName" label={t('ekey.field.keyName')}>
          <Input
            maxLength={KEY_NAME_MAX}
            showCount
            placeholder={t('ekey.field.keyNameHint')}
            data-testid="ekey-key-name"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
        <ValidityEditor />
      </Form.Item>
      <Form.Item
        name="remoteEnable"
        label={t('ekey.field.remoteUnlock')}
        valuePropName="checked"
        extra={t('ekey.field.remoteUnlockHint')}
      >
        <Switch data-testid="ekey-remote-unlock" />
      </Form.Item>
      {adminChoice ? (
        <Form.Item name="authorizedAdmin" valuePropName="checked" extra={t('ekey.field.authorizedAdminHint')}>
          <Checkbox data-testid="ekey-authorized-admin">{t('ekey.field.authorizedAdmin')}</Checkbox>
        </Form.Item>
      ) : null}
      <Form.Item name="remarks" label={t('ekey.field.remarks')}>
        <Input.TextArea maxLength={REMARK_MAX} showCount autoSize={{ minRows: 2 }} data-testid="ekey-remarks" />
      </Form.Item>
    </>
  );
}
