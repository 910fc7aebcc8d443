import type { RemoteOperation } from '@smartlock/contract';
import type { Timers } from '../../../live/reconnectingStream';
import { isFinal } from './operationView';

/** Where news of an operation comes from. */
export interface OperationSources {
  /** Live updates of operations (any operation); returns the unsubscribe. */
  subscribe(listener: (operation: RemoteOperation) => void): () => void;
  /** An update the live channel carried before the follower subscribed, if any. */
  recent(operationId: string): RemoteOperation | undefined;
  liveConnected(): boolean;
  /** The operation as the server has it now (/lock/getRemoteOperation). */
  fetch(operationId: string): Promise<RemoteOperation>;
  now(): number;
}

export interface FollowOptions {
  /** How often to look again (and poll when it must). */
  pollMs: number;
  /** How long after the operation's deadline to keep waiting for its end before giving up. */
  graceMs: number;
  timers: Timers;
}

export const FOLLOW_DEFAULTS: Omit<FollowOptions, 'timers'> = { pollMs: 1_000, graceMs: 5_000 };

export type FollowStep = 'wait' | 'poll' | 'giveUp';

/**
 * The server's clock as this browser estimates it, from an operation the server has just
 * created: deadlines are the server's epoch ms, and the browser's clock may be off by minutes.
 * The reply's travel time makes the estimate late, so it never gives up early.
 */
export function serverClock(createdAt: number, clientNow: () => number = Date.now): () => number {
  const offset = clientNow() - createdAt;
  return () => clientNow() - offset;
}

/**
 * What to do on each look: give up only after the deadline and its grace; poll when the live
 * channel is down, and also once the deadline has passed (an end the channel missed is still
 * found); otherwise wait for the live channel.
 */
export function nextStep(look: {
  now: number;
  deadline: number;
  graceMs: number;
  liveConnected: boolean;
  polling: boolean;
}): FollowStep {
  if (look.now >= look.deadline + look.graceMs) return 'giveUp';
  if (look.polling) return 'wait';
  if (!look.liveConnected || look.now >= look.deadline) return 'poll';
  return 'wait';
}

/** The newer of two views of one operation: an ended operation never changes again. */
export function mergeOperation(current: RemoteOperation, incoming: RemoteOperation): RemoteOperation {
  if (incoming.operationId !== current.operationId || isFinal(current)) return current;
  if (incoming.state === current.state && !isFinal(incoming)) return current;
  return incoming;
}

export interface Followed {
  operation: RemoteOperation;
  /** The deadline and its grace passed with no end heard: shown as failed. */
  timedOut: boolean;
}

/**
 * Follows a started operation to its end: live updates as they come, polling while the live
 * channel is down or once the deadline passed, and a give-up at the deadline plus grace.
 * `onChange` hears every change, the last one being an end or a give-up. Returns the cancel.
 */
export function followOperation(
  started: RemoteOperation,
  sources: OperationSources,
  onChange: (followed: Followed) => void,
  options: FollowOptions,
): () => void {
  let current = started;
  let stopped = isFinal(started);
  let polling = false;
  let timer: unknown;
  if (stopped) return () => {};

  const stop = () => {
    stopped = true;
    unsubscribe();
    if (timer !== undefined) options.timers.clear(timer);
  };
  const accept = (incoming: RemoteOperation) => {
    if (stopped) return;
    const next = mergeOperation(current, incoming);
    if (next === current) return;
    current = next;
    if (isFinal(current)) stop();
    onChange({ operation: current, timedOut: false });
  };
  const look = () => {
    timer = undefined;
    if (stopped) return;
    const step = nextStep({
      now: sources.now(),
      deadline: current.deadline,
      graceMs: options.graceMs,
      liveConnected: sources.liveConnected(),
      polling,
    });
    if (step === 'giveUp') {
      stop();
      onChange({ operation: current, timedOut: true });
      return;
    }
    if (step === 'poll') {
      polling = true;
      sources
        .fetch(current.operationId)
        .then(accept, () => undefined)
        .finally(() => {
          polling = false;
        });
    }
    timer = options.timers.set(look, options.pollMs);
  };

  const unsubscribe = sources.subscribe(accept);
  const heard = sources.recent(started.operationId);
  if (heard) accept(heard);
  if (!stopped) timer = options.timers.set(look, options.pollMs);
  return stop;
}
