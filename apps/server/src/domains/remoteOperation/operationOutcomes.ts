import { DEVICE_COMMANDS, type DeviceCommandName } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import type { LockChange } from '../lock/lockReportedState';
import type { OperationRow } from './remoteOperationQueries';

/**
 * What an operation's end does to the domain it was for, in the transaction that ends it:
 * `succeeded` with the lock's checked `result` and the gateway's clock on its reply (`at`), or
 * failed (no result). A change of the lock's state it returns is told to the owner's consoles.
 */
export type OperationOutcome = (
  tx: Executor,
  row: OperationRow,
  succeeded: boolean,
  result?: Record<string, unknown>,
  at?: unknown,
  // biome-ignore lint/suspicious/noConfusingVoidType: an outcome that leaves the lock's state alone returns nothing
) => Promise<LockChange | undefined | void>;

/**
 * Every device command's outcome, exactly one each, given to the engine by the composition root
 * (the lock, passcode, eKey and credential domains each provide theirs).
 */
export type OperationOutcomes = { [C in DeviceCommandName]: OperationOutcome };

/**
 * The registry, checked at start-up: a device command without its outcome, or an outcome for
 * a command the device vocabulary does not have, stops the server.
 */
export function checkedOperationOutcomes(outcomes: OperationOutcomes): OperationOutcomes {
  const commands = Object.keys(DEVICE_COMMANDS);
  const given = outcomes as unknown as Record<string, unknown>;
  const missing = commands.filter((command) => typeof given[command] !== 'function');
  const unknown = Object.keys(given).filter((command) => !commands.includes(command));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `operation outcomes: ${[...missing.map((c) => `${c} has none`), ...unknown.map((c) => `${c} is no device command`)].join('; ')}`,
    );
  }
  return outcomes;
}
