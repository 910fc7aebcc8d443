import { RightOutlined } from '@ant-design/icons';
import { Switch as SwitchValue } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../ui/LinkButton';
import type { LockDetail } from '../lockApi';
import { SettingRow } from './SettingRow';

/** Passage mode as the lock confirmed it, and the way to its own screen. */
export function PassageModeSummary({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const config = detail.passageModeConfig;
  const on = config.passageMode === SwitchValue.on;
  return (
    <SettingRow
      testId="setting-passageMode"
      title={t('route.passageMode')}
      description={on ? t('settings.passageModeOn', { count: config.periods.length }) : t('settings.passageModeOff')}
      control={
        <LinkButton to={`/manage/passageMode?lockId=${detail.lockId}`} data-testid="settings-passage-mode">
          {t('settings.passageModeOpen')} <RightOutlined />
        </LinkButton>
      }
    />
  );
}
