/** The lock-user screens. */
export const LOCK_USER_HOME = '/lockUser/home';
export const LOCK_USER_EXPIRING = '/lockUser/onDate';
export const LOCK_USER_EXPORT = '/lockUser/export';

/** Batch eKeys for one person, the recipient filled in. */
export function lockUserIssueEKeys(account: string): string {
  return `/lockUser/issueEKeyBatch?${new URLSearchParams({ account })}`;
}
export const LOCK_USER_REVIEW = '/lockUser/review';

/** A revoke-all job's progress. */
export function lockUserRevokeJob(jobId: number): string {
  return `/lockUser/revokeJob?${new URLSearchParams({ jobId: String(jobId) })}`;
}
