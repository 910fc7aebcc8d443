import type { DriverDevice } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { errorText } from '../api/failureMessage';
import { type DriverClient, DriverFailure, type DriverState, sharedDriverClient } from './driverClient';

export type DriverDeviceKind = DriverDevice['kind'];

/** A failure from the driver (its section 8 message) or from the API, as the console shows it. */
export function driverErrorText(t: TFunction, error: unknown): string {
  return error instanceof DriverFailure ? t(error.messageKey) : errorText(t, error);
}

/** The devices of one kind the driver reports. */
export function devicesOf(state: DriverState, kind: DriverDeviceKind): DriverDevice[] {
  return state.devices.filter((device) => device.kind === kind);
}

/**
 * The local device driver for a screen: the shared connection's state (re-rendering as it
 * changes), connecting when the screen opens if `autoConnect`, and `connect` to try again.
 */
export function useDriver({ autoConnect = false }: { autoConnect?: boolean } = {}): {
  client: DriverClient;
  state: DriverState;
  connect: () => void;
} {
  const client = sharedDriverClient();
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const connect = useCallback(() => {
    client.connect().catch(() => undefined);
  }, [client]);
  useEffect(() => {
    if (!autoConnect) return;
    const status = client.getState().status;
    if (status === 'idle' || status === 'failed') connect();
  }, [autoConnect, client, connect]);
  return { client, state, connect };
}
