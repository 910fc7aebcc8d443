import { Flex } from 'antd';
import { useState } from 'react';
import { usePaging } from '../../../app/usePaging';
import { LockPickerTable } from '../../../components/LockPickerTable';
import { type TransferableLock, useTransferableLocks } from '../lockQueries';

/** Picks the locks to transfer from those the user owns: searchable, paged, the choice kept across pages. */
export function TransferLockPicker({
  selected,
  onChange,
}: {
  selected: TransferableLock[];
  onChange: (locks: TransferableLock[]) => void;
}) {
  const [lockName, setLockName] = useState('');
  const [page, setPage] = usePaging({ lockName }, 10);
  const locks = useTransferableLocks({ ...page, lockName });
  return (
    <Flex vertical gap={12}>
      <LockPickerTable<TransferableLock>
        testId="transfer"
        locks={locks}
        lockName={lockName}
        onSearch={setLockName}
        onPage={setPage}
        selected={selected}
        onChange={onChange}
        emptyKey="lockTransfer.noLocks"
      />
    </Flex>
  );
}
