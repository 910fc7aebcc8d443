import { Flex } from 'antd';
import { LockPickerTable, useLockPickerPaging } from '../../../ui/LockPickerTable';
import { type TransferableLock, useTransferableLocks } from '../lockApi';

/** Picks the locks to transfer from those the user owns: searchable, paged, the choice kept across pages. */
export function TransferLockPicker({
  selected,
  onChange,
}: {
  selected: TransferableLock[];
  onChange: (locks: TransferableLock[]) => void;
}) {
  const search = useLockPickerPaging();
  const locks = useTransferableLocks({ ...search.page, lockName: search.lockName });
  return (
    <Flex vertical gap={12}>
      <LockPickerTable<TransferableLock>
        testId="transfer"
        locks={locks}
        lockName={search.lockName}
        onSearch={search.onSearch}
        onPage={search.onPage}
        selected={selected}
        onChange={onChange}
        emptyKey="lockTransfer.noLocks"
      />
    </Flex>
  );
}
