import { SwapOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@smartlock/contract';
import { Button, Flex, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagination } from '../../app/pagination';
import { LiveBadge } from '../../live/LiveBadge';
import { FitTable } from '../../ui/FitTable';
import { LoadError } from '../../ui/LoadError';
import { GatewayCityDialog } from '../map/GatewayCityDialog';
import { GatewayLocksDrawer } from './GatewayLocksDrawer';
import { GatewayRowActions } from './GatewayRowActions';
import { GatewaysEmpty } from './GatewaysEmpty';
import { type GatewayItem, useGateways } from './gatewayApi';
import { gatewayColumns } from './gatewayColumns';
import { RenameGatewayDialog } from './RenameGatewayDialog';
import { TransferGatewayDialog } from './TransferGatewayDialog';
import { useDeleteGateway } from './useDeleteGateway';

type Dialog = { kind: 'locks' | 'rename' | 'city'; item: GatewayItem } | { kind: 'transfer'; items: GatewayItem[] };

/** The user's gateways (spec: plug/home): searchable, paged on the server, each with its locks and actions. */
export default function GatewayPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageNo: 1, pageSize: PAGE_SIZE.default as number });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<GatewayItem[]>([]);
  const [dialog, setDialog] = useState<Dialog>();
  const list = useGateways({ ...page, gatewayName: search });
  const confirmDelete = useDeleteGateway();

  // A page emptied by deletions or transfers gives way to the one before it.
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && page.pageNo > 1) setPage((p) => ({ ...p, pageNo: p.pageNo - 1 }));
  }, [list.data, page.pageNo]);

  /** The row as the latest page has it (live updates change online state and lock counts). */
  const fresh = (item: GatewayItem) => list.data?.list.find((row) => row.gatewayId === item.gatewayId) ?? item;

  const columns = useMemo(
    () =>
      gatewayColumns(t, i18n.language, (item) => (
        <GatewayRowActions
          onAction={(action) => {
            if (action === 'delete') confirmDelete(item);
            else if (action === 'transfer') setDialog({ kind: 'transfer', items: [item] });
            else setDialog({ kind: action, item });
          }}
        />
      )),
    [t, i18n.language, confirmDelete],
  );

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('gateway.searchPlaceholder')}
          aria-label={t('gateway.searchPlaceholder')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ maxWidth: 320 }}
          data-testid="gateway-search"
        />
        <Flex align="center" gap={16} wrap>
          <LiveBadge />
          <Button
            icon={<SwapOutlined />}
            disabled={selected.length === 0}
            onClick={() => setDialog({ kind: 'transfer', items: selected })}
            data-testid="transfer-selected"
          >
            {t('gateway.transferSelected', { count: selected.length })}
          </Button>
        </Flex>
      </Flex>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} style={{ marginBottom: 16 }} />
      ) : null}
      <FitTable<GatewayItem>
        rowKey="gatewayId"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((item) => item.gatewayId),
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        locale={{ emptyText: list.isPending ? ' ' : <GatewaysEmpty search={search} /> }}
        pagination={
          list.data && list.data.total > 0
            ? {
                ...pagination(t, list.data),
                onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              }
            : false
        }
        data-testid="gateway-table"
      />
      {dialog?.kind === 'locks' ? (
        <GatewayLocksDrawer item={fresh(dialog.item)} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <RenameGatewayDialog item={dialog.item} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog?.kind === 'city' ? <GatewayCityDialog item={dialog.item} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'transfer' ? (
        <TransferGatewayDialog
          items={dialog.items}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setSelected([]);
            setDialog(undefined);
          }}
        />
      ) : null}
    </>
  );
}
