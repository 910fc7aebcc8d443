import { Button, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { SettingRow } from './SettingRow';
import { browserOffsetMs, formatUtcOffset, timezoneOffsets } from './timezones';

/** The lock's timezone, a UTC offset in quarter hours; it changes once the lock confirms. */
export function TimezoneSetting({ detail, onDirty }: { detail: LockDetail; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  const [draft, setDraft] = useState<number>();
  const current = detail.timezoneRawOffset;
  const dirty = draft !== undefined && draft !== current;
  const options = useMemo(() => timezoneOffsets().map((ms) => ({ value: ms, label: formatUtcOffset(ms) })), []);

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  return (
    <SettingRow
      testId="setting-timezone"
      title={t('settings.timezone')}
      description={t('settings.timezoneHint', {
        current: formatUtcOffset(current),
        browser: formatUtcOffset(browserOffsetMs()),
      })}
      control={
        <Space.Compact>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            value={draft ?? current}
            onChange={setDraft}
            options={options}
            style={{ width: 150 }}
            aria-label={t('settings.timezone')}
            data-testid="timezone-select"
          />
          <Button
            type="primary"
            disabled={!dirty || control.busy}
            loading={control.busy}
            onClick={() => draft !== undefined && void control.start({ action: 'setTimezone', offsetMs: draft })}
            data-testid="timezone-submit"
          >
            {t('settings.apply')}
          </Button>
        </Space.Compact>
      }
    >
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
