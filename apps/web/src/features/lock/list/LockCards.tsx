import type { PaginationProps } from 'antd';
import { Empty, Flex, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { LockItem } from '../lockApi';
import { LockCard } from './LockCard';

/** The lock list as cards with its pager, for phones. */
export function LockCards({
  items,
  loading,
  empty,
  pagination,
}: {
  items: LockItem[] | undefined;
  loading: boolean;
  empty: ReactNode;
  pagination: PaginationProps | false;
}) {
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={12} data-testid="lock-cards" style={{ minHeight: 120 }}>
        {items && items.length > 0
          ? items.map((item) => <LockCard key={item.lockId} item={item} />)
          : loading
            ? null
            : (empty ?? <Empty />)}
        {pagination ? <Pagination {...pagination} simple align="center" /> : null}
      </Flex>
    </Spin>
  );
}
