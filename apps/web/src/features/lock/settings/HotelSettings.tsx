import { LockSwitch, RoomStatus } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { ChoiceSetting } from './ChoiceSetting';
import { SwitchSetting } from './SwitchSetting';

/** A hotel lock's room status (checked in or empty) and its hotel mode. */
export function HotelSettings({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceSetting
        detail={detail}
        testId="setting-roomStatus"
        title={t('settings.roomStatus')}
        description={t('settings.roomStatusHint')}
        value={detail.roomStatus}
        choices={[
          { value: RoomStatus.checkedIn, label: t('settings.room.checkedIn') },
          { value: RoomStatus.empty, label: t('settings.room.empty') },
        ]}
        request={(value) => ({ action: 'setRoomStatus', value })}
      />
      <SwitchSetting detail={detail} name={LockSwitch.hotelMode} />
    </>
  );
}
