import type { UseQueryResult } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { pagination } from '../app/pagination';
import type { Paging } from '../app/usePaging';
import { EmptyWithHint } from './EmptyWithHint';
import { type FitColumn, FitTable } from './FitTable';
import { LoadError } from './LoadError';

interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  total: number;
}

function isFitting<T>(columns: FitColumn<T>[] | ColumnsType<T>): columns is FitColumn<T>[] {
  return columns.every((column) => 'minWidth' in column);
}

/**
 * A lock's credentials of one kind (eKeys, passcodes, cards, ...), paged on the server: the load
 * error with retry, the table, the empty state (with or without a search), the pagination.
 * `kind` names the test ids (`<kind>-table`, `<kind>-empty`); `texts` the i18n group of the
 * empty states (`<texts>.emptyTitle`, `<texts>.noMatch`, ...), `kind` unless given.
 * `rowProps` adds attributes to each row (test ids).
 */
export function CredentialTable<T extends object>({
  kind,
  texts = kind,
  list,
  columns,
  rowKey,
  searchStr,
  onPage,
  rowProps,
}: {
  kind: string;
  texts?: string;
  list: UseQueryResult<Page<T>> & { isPlaceholderData: boolean };
  /**
   * Fitting columns (FitTable: optional ones fold into the first when room runs out), or plain
   * ones (the table scrolls inside itself when they do not fit).
   */
  columns: FitColumn<T>[] | ColumnsType<T>;
  /** A field naming each row, or how to name one (rows of several kinds). */
  rowKey: (keyof T & string) | ((item: T) => string);
  searchStr: string;
  onPage: (page: Paging) => void;
  rowProps?: (item: T) => Record<string, string>;
}) {
  const { t } = useTranslation();
  const empty = searchStr ? (
    <EmptyWithHint
      title={t(`${texts}.noMatch`, { search: searchStr })}
      hint={t(`${texts}.noMatchHint`)}
      testId={`${kind}-empty`}
    />
  ) : (
    <EmptyWithHint title={t(`${texts}.emptyTitle`)} hint={t(`${texts}.emptyHint`)} testId={`${kind}-empty`} />
  );
  const props = {
    rowKey,
    dataSource: list.data?.list,
    loading: list.isPending || (list.isPlaceholderData && list.isFetching),
    ...(rowProps ? { onRow: (item: T) => rowProps(item) as object } : {}),
    locale: { emptyText: list.isPending ? ' ' : empty },
    pagination:
      list.data && list.data.total > 0
        ? { ...pagination(t, list.data), onChange: (pageNo: number, pageSize: number) => onPage({ pageNo, pageSize }) }
        : (false as const),
    'data-testid': `${kind}-table`,
  };
  return (
    <>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} style={{ marginBottom: 16 }} />
      ) : null}
      {isFitting(columns) ? (
        <FitTable<T> {...props} columns={columns} />
      ) : (
        <Table<T> {...props} columns={columns} scroll={{ x: 'max-content' }} />
      )}
    </>
  );
}
