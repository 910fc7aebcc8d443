import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { lockCredential } from '@smartlock/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { FieldItem } from '../../components/FieldItem';
import { FitTable, OneLine } from '../../components/FitTable';
import { LoadError } from '../../components/LoadError';
import { useHotelInfo } from '../lockCredential/credentialQueries';
import {
  BUILDING_MAX,
  BUILDINGS_MAX,
  FLOORS_MAX,
  floorsOf,
  type HotelInfoData,
  type HotelLock,
  type HotelSettingsForm,
  hotelFormChanged,
  hotelFormIssue,
  hotelParams,
  nextBuilding,
  roomFits,
  SECTORS,
  toHotelForm,
} from './hotelSettings';

/** The sector and the buildings with their floor counts. */
function HotelSettingsCard({ info }: { info: HotelInfoData }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form, setForm] = useState<HotelSettingsForm>(() => toHotelForm(info));
  const [issue, setIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const changed = hotelFormChanged(form, info);
  useLeaveConfirmation(changed);

  const update = (next: HotelSettingsForm) => {
    setIssue(undefined);
    setForm(next);
  };
  const setRow = (index: number, patch: Partial<HotelSettingsForm['buildings'][number]>) =>
    update({ ...form, buildings: form.buildings.map((row, at) => (at === index ? { ...row, ...patch } : row)) });

  async function save() {
    const problem = hotelFormIssue(form);
    if (problem) return setIssue(t(problem.key, problem.params));
    setError(undefined);
    setSaving(true);
    try {
      await api.call(lockCredential.updateHotelInfo, hotelParams(form));
      message.success(t('hotel.settingsSaved'));
      await queries.invalidateQueries({ queryKey: QUERY_ROOT.hotel });
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card size="small" title={t('hotel.settingsTitle')}>
      <Form layout="vertical" onFinish={() => void save()} disabled={saving} data-testid="hotel-settings-form">
        <FieldItem label={t('hotel.sector')} extra={t('hotel.sectorHint')}>
          <Select<number>
            value={form.sector}
            onChange={(sector) => update({ ...form, sector })}
            options={SECTORS.map((sector) => ({ value: sector, label: String(sector) }))}
            style={{ width: 120 }}
            data-testid="hotel-sector"
          />
        </FieldItem>
        <Form.Item label={t('hotel.buildings')} extra={t('hotel.buildingsHint', { count: BUILDINGS_MAX })}>
          <Flex vertical gap={8} data-testid="hotel-buildings">
            {form.buildings.length === 0 ? (
              <Typography.Text type="secondary">{t('hotel.noBuildings')}</Typography.Text>
            ) : null}
            {form.buildings.map((row, index) => (
              <Flex
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
                key={index}
                gap={8}
                wrap
                align="center"
                data-testid="hotel-building-row"
              >
                <InputNumber<number>
                  min={1}
                  max={BUILDING_MAX}
                  precision={0}
                  value={row.building}
                  onChange={(building) => setRow(index, { building })}
                  prefix={t('hotel.buildingPrefix')}
                  aria-label={t('hotel.building')}
                  style={{ width: 170 }}
                  data-testid={`hotel-building-${index}`}
                />
                <InputNumber<number>
                  min={1}
                  max={FLOORS_MAX}
                  precision={0}
                  value={row.floors}
                  onChange={(floors) => setRow(index, { floors })}
                  suffix={t('hotel.floorsSuffix')}
                  aria-label={t('hotel.floors')}
                  style={{ width: 170 }}
                  data-testid={`hotel-floors-${index}`}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('hotel.removeBuilding')}
                  onClick={() => update({ ...form, buildings: form.buildings.filter((_row, at) => at !== index) })}
                  data-testid={`hotel-building-remove-${index}`}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() =>
                update({
                  ...form,
                  buildings: [...form.buildings, { building: nextBuilding(form.buildings), floors: 1 }],
                })
              }
              disabled={form.buildings.length >= BUILDINGS_MAX}
              style={{ alignSelf: 'flex-start' }}
              data-testid="hotel-building-add"
            >
              {t('hotel.addBuilding')}
            </Button>
          </Flex>
        </Form.Item>
        {issue ? (
          <Alert
            type="error"
            showIcon
            title={issue}
            style={{ marginBottom: 16 }}
            data-testid="hotel-settings-invalid"
          />
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="hotel-settings-error" />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={!changed}
          data-testid="hotel-settings-save"
        >
          {t('hotel.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** One hotel lock's building and floor, saved on its own. */
function LockRoomCell({ info, item }: { info: HotelInfoData; item: HotelLock }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [building, setBuilding] = useState<number | null>(item.building);
  const [floor, setFloor] = useState<number | null>(item.floor);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setBuilding(item.building);
    setFloor(item.floor);
  }, [item.building, item.floor]);
  const fits = roomFits(info.buildings, building, floor);
  const changed = building !== item.building || floor !== item.floor;

  async function save() {
    if (building === null || floor === null || !fits) return;
    setSaving(true);
    try {
      await api.call(lockCredential.setHotelRoom, { lockId: item.lockId, building, floor });
      message.success(t('hotel.roomSaved', { lock: item.lockName }));
      await queries.invalidateQueries({ queryKey: QUERY_ROOT.hotel });
    } catch (failure) {
      message.error(errorText(t, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex gap={8} wrap align="center">
      <Select<number>
        value={building ?? undefined}
        placeholder={t('hotel.building')}
        onChange={(next) => {
          setBuilding(next);
          if (!floorsOf(info.buildings, next).includes(floor ?? 0)) setFloor(null);
        }}
        options={info.buildings.map((row) => ({
          value: row.building,
          label: t('hotel.buildingOption', { building: row.building }),
        }))}
        style={{ width: 150 }}
        aria-label={t('hotel.building')}
        data-testid="hotel-lock-building"
      />
      <Select<number>
        value={floor ?? undefined}
        placeholder={t('hotel.floor')}
        onChange={setFloor}
        disabled={building === null}
        options={floorsOf(info.buildings, building).map((value) => ({
          value,
          label: t('hotel.floorOption', { floor: value }),
        }))}
        style={{ width: 130 }}
        aria-label={t('hotel.floor')}
        data-testid="hotel-lock-floor"
      />
      <Button
        icon={<SaveOutlined />}
        onClick={() => void save()}
        loading={saving}
        disabled={!changed || !fits}
        data-testid="hotel-lock-save"
      >
        {t('hotel.save')}
      </Button>
      {!changed && item.building !== null && !roomFits(info.buildings, item.building, item.floor) ? (
        <Typography.Text type="warning" data-testid="hotel-lock-outside">
          {t('hotel.roomOutside')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Each hotel lock's building and floor. */
function HotelLocksCard({ info }: { info: HotelInfoData }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('hotel.roomsTitle')}>
      <Typography.Paragraph type="secondary">{t('hotel.roomsHint')}</Typography.Paragraph>
      {info.buildings.length === 0 ? (
        <Alert type="info" showIcon title={t('hotel.addBuildingsFirst')} style={{ marginBottom: 12 }} />
      ) : null}
      <FitTable<HotelLock>
        size="small"
        rowKey="lockId"
        dataSource={info.locks}
        pagination={info.locks.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hotel.noHotelLocks')} /> }}
        onRow={(row) => ({ 'data-testid': 'hotel-lock-row', 'data-lock-id': String(row.lockId) }) as object}
        columns={[
          {
            key: 'lock',
            title: t('credential.column.lock'),
            dataIndex: 'lockName',
            minWidth: 140,
            render: (name: string) => <OneLine text={name} strong />,
          },
          {
            key: 'room',
            title: t('hotel.room'),
            minWidth: 300,
            grow: true,
            drop: 1,
            fold: 'bare',
            render: (_value, item) => <LockRoomCell info={info} item={item} />,
          },
        ]}
        data-testid="hotel-locks-table"
      />
    </Card>
  );
}

/**
 * Card settings (card/props): the hotel's card sector (0 to 15) and buildings with their floor
 * counts, which hotel cards are written with; and each hotel lock's building and floor.
 */
export default function CardPropsPage() {
  const info = useHotelInfo();
  if (info.isError) return <LoadError error={info.error} retry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }} data-testid="card-props-page">
      <HotelSettingsCard key={JSON.stringify(hotelParams(toHotelForm(info.data)))} info={info.data} />
      <HotelLocksCard info={info.data} />
    </Flex>
  );
}
