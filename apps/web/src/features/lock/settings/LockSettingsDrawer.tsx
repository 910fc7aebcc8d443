import { Drawer, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardConfirmation } from '../../../app/useDiscardConfirmation';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import { StayInstructionsEditor } from '../../stay/StayInstructionsEditor';
import type { LockDetail } from '../lockApi';
import { AutoLockSetting } from './AutoLockSetting';
import { ClockSetting } from './ClockSetting';
import { CredentialMaxAgeSetting } from './CredentialMaxAgeSetting';
import { DaylightSavingSetting } from './DaylightSavingSetting';
import { HotelSettings } from './HotelSettings';
import { settingsShown } from './lockSettings';
import { ParkingSetting } from './ParkingSetting';
import { PassageModeSummary } from './PassageModeSummary';
import { RemoteUnlockSetting } from './RemoteUnlockSetting';
import { RenameLockSetting } from './RenameLockSetting';
import { SwitchSetting } from './SwitchSetting';
import { TimezoneSetting } from './TimezoneSetting';
import { useDirtyForms } from './useDirtyForms';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginBottom: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * A lock's settings, as far as the lock supports them. Changes that go through the lock are
 * followed live and show their new value once the lock confirms; closing or leaving with an
 * edit not yet applied asks first.
 */
export function LockSettingsDrawer({ detail, onClose }: { detail: LockDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const shown = settingsShown(detail.featureValue);
  const { anyDirty, report } = useDirtyForms();
  const confirmDiscard = useDiscardConfirmation();
  useLeaveConfirmation(anyDirty);

  return (
    <Drawer
      open
      onClose={() => confirmDiscard(anyDirty, onClose)}
      title={t('settings.title', { name: detail.lockName })}
      size={screens.md ? 640 : '100%'}
      styles={{ body: { paddingTop: 8 } }}
      data-testid="lock-settings"
    >
      <Section title={t('settings.general')}>
        <RenameLockSetting detail={detail} onDirty={(dirty) => report('name', dirty)} />
        {shown.autoLock ? <AutoLockSetting detail={detail} onDirty={(dirty) => report('autoLock', dirty)} /> : null}
        {shown.passageMode ? <PassageModeSummary detail={detail} /> : null}
      </Section>
      <Section title={t('settings.time')}>
        <ClockSetting detail={detail} />
        <TimezoneSetting detail={detail} onDirty={(dirty) => report('timezone', dirty)} />
        <DaylightSavingSetting detail={detail} />
      </Section>
      {shown.parking || shown.hotel ? (
        <Section title={t(shown.parking ? 'settings.parkingSection' : 'settings.hotelSection')}>
          {shown.parking ? <ParkingSetting detail={detail} /> : null}
          {shown.hotel ? <HotelSettings detail={detail} /> : null}
        </Section>
      ) : null}
      <Section title={t('settings.security')}>
        <CredentialMaxAgeSetting detail={detail} onDirty={(dirty) => report('credentialMaxAge', dirty)} />
      </Section>
      <Section title={t('stayInstructions.title')}>
        <StayInstructionsEditor
          target={{ lockId: detail.lockId }}
          onDirty={(dirty) => report('stayInstructions', dirty)}
        />
      </Section>
      <Section title={t('settings.switches')}>
        {shown.remoteUnlock ? <RemoteUnlockSetting detail={detail} /> : null}
        {shown.switches.map((name) => (
          <SwitchSetting key={name} detail={detail} name={name} />
        ))}
      </Section>
    </Drawer>
  );
}
