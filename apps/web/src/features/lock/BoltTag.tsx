import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { boltView } from './lockFacts';

/** The bolt's state as a tag: locked or unlocked, raised or lowered for a car-park lock. */
export function BoltTag({ state, isParkingLock }: { state: number; isParkingLock: boolean }) {
  const { t } = useTranslation();
  const bolt = boltView(state, isParkingLock);
  return (
    <Tag color={bolt.color} data-testid="bolt-state" data-state={state}>
      {t(bolt.key)}
    </Tag>
  );
}
