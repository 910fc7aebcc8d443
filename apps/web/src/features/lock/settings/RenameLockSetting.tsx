import { NAME_MAX } from '@smartlock/contract';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { nameRules } from '../../../app/nameRules';
import { useSubmission } from '../../../ui/useSubmission';
import { type LockDetail, useRenameLock } from '../lockApi';
import { SettingRow } from './SettingRow';

/** Renames the lock (saved by the server at once, no gateway needed). */
export function RenameLockSetting({ detail, onDirty }: { detail: LockDetail; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rename = useRenameLock();
  const [form] = Form.useForm<{ lockName: string }>();
  const name = Form.useWatch('lockName', form);
  const { error, busy, run } = useSubmission();
  const dirty = name !== undefined && name.trim() !== detail.lockName;

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function submit(values: { lockName: string }) {
    await run(async () => {
      await rename.mutateAsync({ lockId: detail.lockId, lockName: values.lockName.trim() });
      message.success(t('settings.renamed'));
    });
  }

  return (
    <SettingRow testId="setting-name" title={t('settings.name')}>
      <Form form={form} initialValues={{ lockName: detail.lockName }} onFinish={submit} style={{ marginTop: 8 }}>
        <Form.Item style={{ marginBottom: 0 }}>
          <Space.Compact block>
            <Form.Item name="lockName" noStyle rules={nameRules(t)}>
              <Input maxLength={NAME_MAX} aria-label={t('settings.name')} data-testid="lock-name-input" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} disabled={!dirty} data-testid="lock-rename-submit">
              {t('settings.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
    </SettingRow>
  );
}
