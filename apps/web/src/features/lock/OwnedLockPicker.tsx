import { GroupId, LockQueryType } from '@smartlock/contract';
import { LockPickerTable, type PickedLock, useLockPickerPaging } from '../../ui/LockPickerTable';
import { useLocks } from './lockApi';

/**
 * Picks among the locks the user owns (what only an owner may give away: administrators,
 * exports): searchable, paged, the choice kept across pages.
 */
export function OwnedLockPicker({
  testId,
  emptyKey,
  selected,
  onChange,
  disabled,
}: {
  testId: string;
  emptyKey: string;
  selected: PickedLock[];
  onChange: (locks: PickedLock[]) => void;
  disabled?: boolean;
}) {
  const search = useLockPickerPaging();
  const locks = useLocks({
    ...search.page,
    type: LockQueryType.admin,
    groupId: GroupId.all,
    lockName: search.lockName,
  });
  return (
    <LockPickerTable<PickedLock>
      testId={testId}
      locks={locks}
      lockName={search.lockName}
      onSearch={search.onSearch}
      onPage={search.onPage}
      selected={selected}
      onChange={onChange}
      emptyKey={emptyKey}
      disabled={disabled}
    />
  );
}
