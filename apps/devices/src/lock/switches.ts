import { HotelMode, type LockFeatureName, LockSwitch, Switch } from '@smartlock/contract';
import { type LockKind, lockSupports } from './lockKind';

export type SwitchName = (typeof LockSwitch)[keyof typeof LockSwitch];
export type SwitchValues = Record<SwitchName, number>;

const SWITCH_NAMES = Object.values(LockSwitch) as SwitchName[];

/** The feature a switch needs, when it is not on every lock. */
const NEEDS: Partial<Record<SwitchName, LockFeatureName>> = {
  passageMode: 'passageMode',
  allDayPassage: 'passageMode',
  faceIdentify: 'face',
  remoteUnlock: 'remoteUnlock',
  hotelMode: 'hotelLock',
};

export function isSwitchName(name: string): name is SwitchName {
  return (SWITCH_NAMES as string[]).includes(name);
}

/** Whether a lock of this kind has the switch at all. */
export function hasSwitch(kind: LockKind, name: SwitchName): boolean {
  const feature = NEEDS[name];
  return feature === undefined || lockSupports(kind, feature);
}

/** The values a switch takes: hotel mode 0 off / 1 on, every other switch 1 on / 2 off. */
export function allowedSwitchValues(name: SwitchName): readonly number[] {
  return name === LockSwitch.hotelMode ? [HotelMode.off, HotelMode.on] : [Switch.on, Switch.off];
}

/** Out of the box: everything off (remote unlock too, until the owner turns it on), hotel mode on for hotel locks. */
export function factorySwitches(kind: LockKind): SwitchValues {
  const values = Object.fromEntries(SWITCH_NAMES.map((name) => [name, Switch.off])) as SwitchValues;
  values.hotelMode = kind === 'hotel' ? HotelMode.on : HotelMode.off;
  return values;
}
