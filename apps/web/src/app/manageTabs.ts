/** The tabs of a lock's detail (/manage/:tab), in the spec's order: eKeys, passcodes, then the other credentials. */
export const MANAGE_TABS = ['ekey', 'passcode', 'card', 'fingerprint', 'palmVein', 'face', 'qrcode', 'keyfob'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];
