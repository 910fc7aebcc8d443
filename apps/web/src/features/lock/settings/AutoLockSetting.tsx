import { AUTO_LOCK_SECONDS, validateAutoLockTime } from '@smartlock/contract';
import { Button, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { verdictRule } from '../../../ui/formRules';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { SettingRow } from './SettingRow';

/** Auto-lock time, 5 to 900 seconds (the contract's rule); it changes once the lock confirms. */
export function AutoLockSetting({ detail, onDirty }: { detail: LockDetail; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  const [form] = Form.useForm<{ seconds: string }>();
  const typed = Form.useWatch('seconds', form);
  const current = detail.autoLockTime;
  const initial = current > 0 ? String(current) : '';
  const dirty = typed !== undefined && typed.trim() !== initial;

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  return (
    <SettingRow
      testId="setting-auto-lock"
      title={t('settings.autoLock')}
      description={
        current > 0
          ? t('settings.autoLockHint', { current, ...AUTO_LOCK_SECONDS })
          : t('settings.autoLockOffHint', { ...AUTO_LOCK_SECONDS })
      }
    >
      <Form
        form={form}
        initialValues={{ seconds: initial }}
        onFinish={(values) => void control.start({ action: 'setAutoLockTime', seconds: Number(values.seconds) })}
        style={{ marginTop: 8 }}
      >
        <Form.Item style={{ marginBottom: 0 }}>
          <Space.Compact>
            <Form.Item
              name="seconds"
              noStyle
              rules={[verdictRule(t, validateAutoLockTime)]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Input
                inputMode="numeric"
                suffix={t('settings.seconds')}
                style={{ width: 150 }}
                aria-label={t('settings.autoLock')}
                data-testid="auto-lock-input"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              disabled={!dirty || control.busy}
              loading={control.busy}
              data-testid="auto-lock-submit"
            >
              {t('settings.apply')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
