import { normalizeMac } from '@smartlock/contract';
import { z } from 'zod';
import { LOCK_FAULTS } from '../gateway/faults';
import type { Gateway } from '../gateway/gateway';
import { LOCAL_UNLOCK_METHOD_NAMES } from '../lock/localUnlock';
import type { SimulatedLock } from '../lock/lock';
import type { FleetLine, GatewayStatusLine } from './fleetLines';

const gatewayId = z.number().int().positive();
const lockMac = z.string().transform((mac, ctx) => {
  const normalized = normalizeMac(mac);
  if (!normalized) ctx.addIssue({ code: 'custom', message: `"${mac}" is not a MAC address` });
  return normalized ?? '';
});

/** What a test can tell the fleet over stdin, one JSON object per line. */
export const controlCommandSchema = z.discriminatedUnion('do', [
  z.object({ do: z.literal('offline'), gateway: gatewayId }),
  z.object({ do: z.literal('online'), gateway: gatewayId }),
  z.object({ do: z.literal('fault'), lock: lockMac, fault: z.enum(LOCK_FAULTS) }),
  z.object({ do: z.literal('drift'), lock: lockMac, ms: z.number().finite() }),
  z.object({
    do: z.literal('localUnlock'),
    lock: lockMac,
    method: z.enum(LOCAL_UNLOCK_METHOD_NAMES),
    username: z.string().max(100).optional(),
    credential: z.string().max(200).optional(),
    valid: z.boolean().optional(),
  }),
  /** Someone types a code at the lock's keypad; the lock checks it (SimulatedLock.enterPasscode). */
  z.object({
    do: z.literal('keypad'),
    lock: lockMac,
    code: z.string().regex(/^[0-9]{1,20}$/, 'digits only'),
  }),
  /** The lock forgets a stored passcode behind the cloud's back (drift; SimulatedLock.loseCode). */
  z.object({ do: z.literal('loseCode'), lock: lockMac, code: z.string().regex(/^[0-9]{4,9}$/, '4 to 9 digits') }),
  /** A passcode the cloud never sent appears in the lock (drift; SimulatedLock.gainCode). */
  z.object({ do: z.literal('gainCode'), lock: lockMac, code: z.string().regex(/^[0-9]{4,9}$/, '4 to 9 digits') }),
  /** The holder's app shows an eKey credential over Bluetooth; the lock checks it (SimulatedLock.appUnlock). */
  z.object({ do: z.literal('appUnlock'), lock: lockMac, credential: z.string().min(1).max(8192) }),
  z.object({ do: z.literal('status') }),
]);
export type ControlCommand = z.infer<typeof controlCommandSchema>;
/** The commands the lock answers only after its (asynchronous) check: their ack comes from a promise. */
export type CheckedControlCommand = Extract<ControlCommand, { do: 'keypad' | 'appUnlock' }>;
export type ImmediateControlCommand = Exclude<ControlCommand, CheckedControlCommand>;

export function isCheckedControl(command: ControlCommand): command is CheckedControlCommand {
  return command.do === 'keypad' || command.do === 'appUnlock';
}

/** What the control needs of the fleet. */
export interface ControlTarget {
  gateway(gatewayId: number): Gateway | undefined;
  /** A lock and the gateway that reaches it. */
  lock(lockMac: string): { lock: SimulatedLock; gateway: Gateway } | undefined;
  status(): GatewayStatusLine[];
}

/** Reads one control line: the command, or why it is not one. */
export function parseControlLine(line: string): { ok: true; command: ControlCommand } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = controlCommandSchema.safeParse(json);
  if (parsed.success) return { ok: true, command: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'not a command' };
}

const ackOf =
  (command: ControlCommand) =>
  (error?: string): FleetLine => ({
    event: 'ack',
    do: command.do,
    ok: !error,
    ...(error ? { error } : {}),
  });

/**
 * Carries out a control command; answers with the line to print (an ack, or the status). The
 * keypad and appUnlock lines answer once the lock has checked the code or credential: a promise.
 */
export function applyControl(target: ControlTarget, command: CheckedControlCommand): Promise<FleetLine>;
export function applyControl(target: ControlTarget, command: ImmediateControlCommand): FleetLine;
export function applyControl(target: ControlTarget, command: ControlCommand): FleetLine | Promise<FleetLine>;
export function applyControl(target: ControlTarget, command: ControlCommand): FleetLine | Promise<FleetLine> {
  return isCheckedControl(command) ? applyChecked(target, command) : applyImmediate(target, command);
}

async function applyChecked(target: ControlTarget, command: CheckedControlCommand): Promise<FleetLine> {
  const ack = ackOf(command);
  const found = target.lock(command.lock);
  if (!found) return ack(`no lock ${command.lock}`);
  const outcome =
    command.do === 'keypad'
      ? await found.lock.enterPasscode(command.code)
      : await found.lock.appUnlock(command.credential);
  return ack(outcome.ok ? undefined : outcome.error);
}

function applyImmediate(target: ControlTarget, command: ImmediateControlCommand): FleetLine {
  const ack = ackOf(command);
  switch (command.do) {
    case 'status':
      return { event: 'status', gateways: target.status() };
    case 'offline':
    case 'online': {
      const gateway = target.gateway(command.gateway);
      if (!gateway) return ack(`no gateway ${command.gateway}`);
      if (command.do === 'offline') gateway.goOffline();
      else gateway.goOnline();
      return ack();
    }
    case 'fault': {
      const found = target.lock(command.lock);
      if (!found) return ack(`no lock ${command.lock}`);
      found.gateway.setFault(command.lock, command.fault);
      return ack();
    }
    case 'drift': {
      const found = target.lock(command.lock);
      if (!found) return ack(`no lock ${command.lock}`);
      found.lock.setDrift(command.ms);
      return ack();
    }
    case 'loseCode':
    case 'gainCode': {
      const found = target.lock(command.lock);
      if (!found) return ack(`no lock ${command.lock}`);
      if (command.do === 'loseCode') return ack(found.lock.loseCode(command.code) ? undefined : 'not stored');
      return ack(found.lock.gainCode(command.code) ? undefined : 'digits taken');
    }
    case 'localUnlock': {
      const found = target.lock(command.lock);
      if (!found) return ack(`no lock ${command.lock}`);
      const outcome = found.lock.localUnlock({
        method: command.method,
        ...(command.username ? { username: command.username } : {}),
        ...(command.credential ? { credential: command.credential } : {}),
        ...(command.valid !== undefined ? { valid: command.valid } : {}),
      });
      return ack(outcome.ok ? undefined : outcome.error);
    }
  }
}
