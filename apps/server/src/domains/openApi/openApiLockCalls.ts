import { gateway, lock, lockRecord, Switch } from '@smartlock/contract';
import type { ActingCaller } from './contractCalls';
import { ended, type V3Call, type V3Kit, v3 } from './openApiCall';
import { DONE, OpenApiError } from './openApiErrors';
import { idOf, jsonOf, optionalDate, optionalInt, pageOf, requiredInt, spanningPage, ttlockPage } from './openApiInput';
import type { OpenApiParams } from './openApiParams';
import {
  presentGateway,
  presentLock,
  presentLockDetail,
  presentLockGateway,
  presentPassageMode,
  presentRecord,
  TTLOCK_RECORDED_TYPES,
} from './openApiPresenter';

/** TTLock's lock lists take up to 1000 a page; its other lists 200. */
const LOCK_PAGE_MAX = 1000;
const PAGE_MAX = 200;

const lockIdOf = (params: OpenApiParams) => ({ lockId: idOf(params, 'lockId') });

/** A remote operation on a lock, answered once the lock has answered. */
function operation(call: typeof lock.unlock | typeof lock.lockBolt) {
  return async (params: OpenApiParams, caller: ActingCaller, kit: V3Kit) => {
    await ended(kit, await kit.calls.call(call, lockIdOf(params), caller));
    return DONE;
  };
}

/** A list of weekdays, as a JSON list or its text. */
function weekDaysOf(value: unknown): number[] {
  let days = value;
  if (typeof value === 'string') {
    try {
      days = JSON.parse(value);
    } catch {
      throw new OpenApiError('badJson', 'weekDays');
    }
  }
  return Array.isArray(days) ? days.map(Number) : [];
}

/**
 * Passage-mode periods from TTLock's parameters: cyclicConfig (its newer form), else the one
 * period's isAllDay, startDate, endDate (minutes of the day) and weekDays. The console's rules
 * check them as for its own calls.
 */
function passagePeriods(params: OpenApiParams): { weekDays: number[]; startMinute: number; endMinute: number }[] {
  const cyclic = jsonOf(params, 'cyclicConfig');
  const entries: unknown = cyclic === undefined ? [params] : cyclic;
  if (!Array.isArray(entries)) throw new OpenApiError('badParameter', 'cyclicConfig: a JSON list');
  return entries.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) throw new OpenApiError('badParameter', 'cyclicConfig entries');
    const fields = entry as Record<string, unknown>;
    const allDay = Number(fields.isAllDay) === 1;
    return {
      weekDays: weekDaysOf(fields.weekDays),
      startMinute: allDay ? 0 : Number(fields.startTime ?? fields.startDate ?? 0),
      endMinute: allDay ? 1440 : Number(fields.endTime ?? fields.endDate ?? 0),
    };
  });
}

/** Locks, their state and settings, records and gateways. */
export const LOCK_CALLS: V3Call[] = [
  v3('/lock/list', async (params, caller, { calls }) => {
    const page = pageOf(params, LOCK_PAGE_MAX);
    const filter = { lockName: params.lockAlias, groupId: optionalInt(params, 'groupId', 0, 2_147_483_647) };
    const got = await spanningPage(page, (pageNo, pageSize) =>
      calls.call(lock.list, { ...filter, pageNo, pageSize }, caller),
    );
    return ttlockPage(got.list.map(presentLock), got.total, page);
  }),

  v3('/lock/detail', async (params, caller, { calls }) =>
    presentLockDetail(await calls.call(lock.detail, lockIdOf(params), caller)),
  ),

  // TTLock asks the lock through its gateway, as here.
  v3('/lock/queryOpenState', async (params, caller, kit) => {
    const end = await ended(kit, await kit.calls.call(lock.queryState, lockIdOf(params), caller));
    const result = end.result ?? {};
    return {
      state: typeof result.state === 'number' ? result.state : 2,
      electricQuantity: typeof result.battery === 'number' ? result.battery : -1,
      lockTime: end.finishedAt ?? Date.now(),
    };
  }),

  v3('/lock/unlock', operation(lock.unlock)),
  v3('/lock/lock', operation(lock.lockBolt)),

  v3('/lock/getPassageModeConfig', async (params, caller, { calls }) =>
    presentPassageMode(await calls.call(lock.getPassageModeConfig, lockIdOf(params), caller)),
  ),

  v3('/lock/configPassageMode', async (params, caller, kit) => {
    const passageMode = requiredInt(params, 'passageMode', 1, 2);
    const periods = passageMode === Switch.on ? passagePeriods(params) : [];
    const started = await kit.calls.call(
      lock.configPassageMode,
      { ...lockIdOf(params), passageMode, periods: JSON.stringify(periods) },
      caller,
    );
    await ended(kit, started);
    return DONE;
  }),

  v3('/lock/setAutoLockTime', async (params, caller, kit) => {
    const seconds = requiredInt(params, 'seconds', -1, 86_400);
    const started = await kit.calls.call(
      lock.setAutoLockTime,
      // TTLock's -1 and 0 both turn auto-lock off.
      { ...lockIdOf(params), seconds: Math.max(0, seconds) },
      caller,
    );
    await ended(kit, started);
    return DONE;
  }),

  v3('/lockRecord/list', async (params, caller, { calls }) => {
    const page = pageOf(params, PAGE_MAX);
    const got = await calls.call(
      lockRecord.list,
      {
        ...lockIdOf(params),
        startDate: optionalDate(params, 'startDate'),
        endDate: optionalDate(params, 'endDate'),
        searchStr: params.searchStr,
        ...page,
      },
      caller,
    );
    // Rows TTLock has no record type for (a passcode added at the keypad...) are left out of the page.
    const rows = got.list.filter((record) => TTLOCK_RECORDED_TYPES.has(record.recordType));
    return ttlockPage(rows.map(presentRecord), got.total, page);
  }),

  v3('/gateway/list', async (params, caller, { calls }) => {
    const page = pageOf(params, PAGE_MAX);
    const got = await calls.call(gateway.list, { ...page }, caller);
    return ttlockPage(got.list.map(presentGateway), got.total, page);
  }),

  v3('/gateway/listByLock', async (params, caller, { calls }) => {
    const detail = await calls.call(lock.detail, lockIdOf(params), caller);
    return { list: detail.gateways.map(presentLockGateway) };
  }),
];
