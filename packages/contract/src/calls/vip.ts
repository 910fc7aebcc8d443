import { z } from 'zod';
import { defineCall } from './define';

export const vipInfo = z.object({
  /** VipStatus: 0 not open, 1 trial, 2 open, 3 overdue. */
  status: z.number().int(),
  /** VipPackageStatus: 0 not open, 1 trial, 2 open, 3 will overdue, 4 overdue. */
  packageStatus: z.number().int(),
  /** AdvancedFunctionDisplay: disabled, enabled, onTrial, expired, expiresSoon. */
  display: z.string(),
  /** When the function stops, or stopped (ms); null when it never ran. */
  endsAt: z.number().nullable(),
  trialEndsAt: z.number().nullable(),
  paidUntil: z.number().nullable(),
  /** Whether the 10-day free trial can still be started (once per account, before anything is bought). */
  trialAvailable: z.boolean(),
  /** The most locks the paid plan covers; null on trial or with no plan. */
  lockLimit: z.number().int().nullable(),
  /** Locks the caller owns (their primary administrator). */
  ownedLocks: z.number().int(),
  /** Whether the caller administers another owner's locks (who must then ask that owner). */
  administers: z.boolean(),
});

export const getInfo = defineCall({
  path: '/vip/getInfo',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's advanced function: its status and display state, trial and paid ends, whether the trial is still there, the plan's lock count and the locks the caller owns.",
  params: z.object({}),
  data: vipInfo,
});

export const startTrial = defineCall({
  path: '/vip/startTrial',
  method: 'POST',
  auth: 'session',
  summary:
    'Start the 10-day free trial of the advanced function: once per account and before anything was bought (vipTrialUsed), for lock owners only (advancedFunctionOwnerOnly), on a site with paid services.',
  params: z.object({}),
  data: vipInfo,
});
