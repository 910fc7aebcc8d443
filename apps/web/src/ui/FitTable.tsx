import { Flex, Table, type TableProps, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type CSSProperties, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatInstant } from '../features/credentials/validityText';
import { type FitSpec, fitColumns } from './fitColumns';

/**
 * A column of a table that fits its room (see fitColumns): an Ant Design column with its
 * narrowest width, whether it may go (and how soon), and how it reads folded into the first
 * column: "labelled" (its title, then its value), "bare" (its value alone: actions) or "hidden".
 */
export type FitColumn<T> = Omit<ColumnType<T>, 'key' | 'width' | 'title' | 'ellipsis'> &
  FitSpec & {
    title: ReactNode;
    fold?: 'labelled' | 'bare' | 'hidden';
  };

/** The width of an element's content box, kept current as it resizes; 0 until laid out. */
function useWidth<E extends HTMLElement>(): [React.RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function cellOf<T>(column: FitColumn<T>, item: T, index: number): ReactNode {
  const field = typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
  const value = field ? (item as Record<string, unknown>)[field] : undefined;
  return column.render ? (column.render(value, item, index) as ReactNode) : (value as ReactNode);
}

/** A folded column's line: its title, then its value taking the rest (wrapping, or ending in an ellipsis). */
const FOLDED: CSSProperties = { display: 'flex', gap: 6, alignItems: 'baseline', minWidth: 0 };

/** The room a selection checkbox column takes. */
const SELECTION_WIDTH = 48;

/**
 * An Ant Design table that keeps to the width it is given: optional columns go when they do not
 * fit and show inside the first column instead; fixed layout, so long values end in an ellipsis
 * (see OneLine) rather than widening the table; its own horizontal scroll only as a last resort.
 */
export function FitTable<T extends object>({
  columns,
  rowSelection,
  ...props
}: Omit<TableProps<T>, 'columns' | 'scroll' | 'tableLayout'> & { columns: FitColumn<T>[] }) {
  const [ref, measured] = useWidth<HTMLDivElement>();
  const room = Math.max(0, measured - (rowSelection ? SELECTION_WIDTH : 0));
  const fitted = useMemo(() => fitColumns(columns, room), [columns, room]);
  const shown = useMemo(() => {
    const folded = fitted.dropped.filter((column) => column.fold !== 'hidden');
    return fitted.kept.map((column, position): ColumnType<T> => {
      const { minWidth: _minWidth, drop: _drop, grow: _grow, fold: _fold, fixed, ...rest } = column;
      const base: ColumnType<T> = {
        ...rest,
        width: fitted.widths.get(column.key),
        ...(fitted.scrollX && fixed ? { fixed } : {}),
      };
      if (position > 0 || folded.length === 0) return base;
      return {
        ...base,
        render: (_value, item, index) => (
          <Flex vertical gap={4}>
            {cellOf(column, item, index)}
            {folded.map((other) =>
              other.fold === 'bare' ? (
                <div key={other.key}>{cellOf(other, item, index)}</div>
              ) : (
                <div key={other.key} data-folded={other.key} style={FOLDED}>
                  <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                    {other.title}:
                  </Typography.Text>
                  <div style={{ flex: 1, minWidth: 0 }}>{cellOf(other, item, index)}</div>
                </div>
              ),
            )}
          </Flex>
        ),
      };
    });
  }, [fitted]);
  return (
    <div ref={ref} style={{ width: '100%', minWidth: 0 }}>
      <Table<T>
        {...props}
        {...(rowSelection ? { rowSelection } : {})}
        columns={shown}
        tableLayout="fixed"
        {...(fitted.scrollX ? { scroll: { x: fitted.scrollX + (rowSelection ? SELECTION_WIDTH : 0) } } : {})}
      />
    </div>
  );
}

const ONE_LINE: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * A value on one line of its cell, ending in an ellipsis when the column is narrower; the whole
 * value is its tooltip.
 */
export function OneLine({
  text,
  strong,
  secondary,
  testId,
}: {
  text: string;
  strong?: boolean;
  secondary?: boolean;
  testId?: string;
}) {
  return (
    <Typography.Text
      strong={strong ?? false}
      {...(secondary ? { type: 'secondary' as const } : {})}
      title={text}
      style={ONE_LINE}
      data-testid={testId}
    >
      {text}
    </Typography.Text>
  );
}

/** Who sent or made a credential, and when, on two lines of one cell. */
export function SentBy({ name, at, language }: { name: string; at: number; language: string }) {
  return (
    <Flex vertical gap={2}>
      <OneLine text={name} />
      <OneLine text={formatInstant(at, { language })} secondary />
    </Flex>
  );
}
