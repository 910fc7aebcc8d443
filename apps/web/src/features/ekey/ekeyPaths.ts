/** Where a lock's eKeys are sent from, one or many at a time. */
export const issueEKeyPath = (lockId: number) => `/manage/issueEKey?lockId=${lockId}`;
export const issueEKeyBatchPath = (lockId: number) => `/manage/issueEKeyBatch?lockId=${lockId}`;

/** Where a sent key is shown and its notice sent. */
export const sentEKeyPath = (lockId: number, keyId: number) => `/ekey/send?keyId=${keyId}&lockId=${lockId}`;
