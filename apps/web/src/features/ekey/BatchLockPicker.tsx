import { parseLockId } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConsole } from '../../app/context';
import { LockPickerTable, type PickedLock, useLockPickerPaging } from '../../ui/LockPickerTable';
import { ALL_LOCKS, useLocks } from '../lock/lockApi';

export type { PickedLock };

/**
 * Picks the locks of a batch from the user's locks (/lock/list): searchable, paged, the choice
 * kept across pages; the lock named by `?lockId=` starts chosen. `testId` prefixes the test ids
 * (`batch-lock-table`, ...).
 */
export function BatchLockPicker({
  selected,
  onChange,
  disabled,
  testId = 'batch',
}: {
  selected: PickedLock[];
  onChange: (locks: PickedLock[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { api } = useConsole();
  const [params] = useSearchParams();
  const preselect = parseLockId(params.get('lockId'));
  const search = useLockPickerPaging();
  const locks = useLocks({ ...search.page, ...ALL_LOCKS, lockName: search.lockName });

  // The lock the user came from starts chosen (once; they may untick it).
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    if (preselect === undefined || preselected) return;
    let live = true;
    api
      .call(lock.detail, { lockId: preselect })
      .then((detail) => {
        if (!live) return;
        setPreselected(true);
        if (!selected.some((item) => item.lockId === detail.lockId)) {
          onChange([...selected, { lockId: detail.lockId, lockName: detail.lockName }]);
        }
      })
      .catch(() => setPreselected(true));
    return () => {
      live = false;
    };
  }, [api, preselect, preselected, selected, onChange]);

  return (
    <Flex vertical gap={12} data-testid={`${testId}-locks`}>
      <LockPickerTable<PickedLock>
        testId={testId}
        locks={locks}
        lockName={search.lockName}
        onSearch={search.onSearch}
        onPage={search.onPage}
        selected={selected}
        onChange={onChange}
        emptyKey="lockList.emptyTitle"
        disabled={disabled}
      />
    </Flex>
  );
}
