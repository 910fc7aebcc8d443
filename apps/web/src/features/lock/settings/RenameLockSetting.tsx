import { NAME_MAX } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_ROOT } from '../../../api/queryKeys';
import { useConsole } from '../../../app/context';
import { nameRules } from '../../../app/nameRules';
import { useSubmission } from '../../../ui/useSubmission';
import type { LockDetail } from '../lockQueries';
import { SettingRow } from './SettingRow';

/** Renames the lock (saved by the server at once, no gateway needed). */
export function RenameLockSetting({ detail, onDirty }: { detail: LockDetail; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ lockName: string }>();
  const name = Form.useWatch('lockName', form);
  const { error, busy, run } = useSubmission();
  const dirty = name !== undefined && name.trim() !== detail.lockName;

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function submit(values: { lockName: string }) {
    await run(async () => {
      await api.call(lock.rename, { lockId: detail.lockId, lockName: values.lockName.trim() });
      message.success(t('settings.renamed'));
      await queries.invalidateQueries({ queryKey: QUERY_ROOT.lock });
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
