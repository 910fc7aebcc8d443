import type { ComponentType } from 'react';
import { loadMessages } from '../i18n/i18n';

/** The breadcrumb trails of spec section 2 (Home > ...). */
export type Trail = 'lockInfo' | 'valueAdded' | 'authAdmin' | 'lockGroups' | 'lockUsers' | 'card' | 'gateway';

export interface RouteSpec {
  path: string;
  /** The route's name (spec: user-login, user-login-failed, error, ...). */
  name: string;
  /** i18n key of the route title; the page title is "title - site name". */
  title: string;
  trail?: Trail;
  public?: boolean;
  /** A public screen that fills the window itself (no card frame). */
  screen?: boolean;
  /** Needs a lockId from the query or session storage (positive integer, no leading zero). */
  lockId?: boolean;
  /** Query parameters the screen reads. */
  query?: readonly string[];
  /**
   * What the screen cannot do without, and where to go instead: one of these query parameters,
   * or the card-number information passed in (navigation state) or kept in session storage.
   */
  requires?: { oneOf: readonly string[]; otherwise: string } | { cardNumberMsg: true; otherwise: string };
  /** The screen; absent means the feature is still coming and the route says so. */
  page?: () => Promise<{ default: ComponentType }>;
  /**
   * Offered only where the brand sells paid services (its `hasPaidFeature`): the value-added area
   * and what needs the advanced function (exports). Elsewhere the route answers "not found" and
   * nothing links to it.
   */
  paid?: boolean;
}

/** A public screen with the words of the screens part (src/i18n/messageParts.ts). */
function screen<T>(page: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([page(), loadMessages('screens')]))[0];
}

const publicMap = {
  base: screen(() => import('../features/map/MapBasePage')),
  screen: screen(() => import('../features/map/MapScreenPage')),
};

const gateway = {
  home: () => import('../features/gateway/GatewayPage'),
};

const locks = {
  home: () => import('../features/lock/list/LockListPage'),
  detail: () => import('../features/lock/detail/LockDetailPage'),
  passageMode: () => import('../features/lock/passage/PassageModePage'),
  transfer: () => import('../features/lock/transfer/TransferLockPage'),
  groups: () => import('../features/group/GroupPage'),
  unlockByLink: screen(() => import('../features/lock/unlockLink/UnlockByLinkPage')),
};

const credentials = {
  issueEKey: () => import('../features/ekey/IssueEKeyPage'),
  issueEKeyBatch: () => import('../features/ekey/IssueEKeyBatchPage'),
  sentEKey: () => import('../features/ekey/EKeySentPage'),
  issuePasscode: () => import('../features/passcode/IssuePasscodePage'),
  sentPasscode: () => import('../features/passcode/PasscodeSentPage'),
  issueCard: () => import('../features/lockCredential/issue/IssueCardPage'),
  issueFingerprint: () => import('../features/lockCredential/issue/IssueFingerprintPage'),
  issueFace: () => import('../features/lockCredential/issue/IssueFacePage'),
  issueQrCode: () => import('../features/lockCredential/issue/IssueQrCodePage'),
};

const hotel = {
  manage: () => import('../features/hotel/CardManagePage'),
  send: () => import('../features/hotel/CardSendPage'),
  issue: () => import('../features/hotel/CardIssuePage'),
  props: () => import('../features/hotel/CardPropsPage'),
};

const admins = {
  home: () => import('../features/admin/AdminPage'),
  create: () => import('../features/admin/CreateAdminPage'),
};

const records = {
  list: () => import('../features/lockRecord/RecordsPage'),
  export: () => import('../features/lockRecord/ExportRecordsPage'),
};

const lockUsers = {
  home: () => import('../features/lockUser/LockUserPage'),
  expiring: () => import('../features/lockUser/ExpiringPage'),
  export: () => import('../features/lockUser/ExportLockUsersPage'),
};

const account = {
  info: () => import('../features/account/AccountInfoPage'),
  services: () => import('../features/service/ServicesPage'),
  records: () => import('../features/order/PurchaseRecordsPage'),
  vip: () => import('../features/vip/VipPage'),
  smsTemplates: () => import('../features/template/TemplatesPage').then((m) => ({ default: m.SmsTemplatesPage })),
  emailTemplates: () => import('../features/template/TemplatesPage').then((m) => ({ default: m.EmailTemplatesPage })),
};

const auth = {
  login: () => import('../features/auth/LoginPage'),
  register: () => import('../features/auth/RegisterPage'),
  registerSuccess: () => import('../features/auth/RegisterSuccessPage'),
  reset: () => import('../features/auth/ResetPasswordPage'),
  resetSuccess: () => import('../features/auth/ResetSuccessPage'),
  accessToken: () => import('../features/auth/AccessTokenPage'),
};

/** Every route of spec section 2. */
export const PUBLIC_ROUTES: RouteSpec[] = [
  { path: '/login', name: 'user-login', title: 'route.login', public: true, page: auth.login },
  { path: '/user/loginByAccessToken', name: 'user-login-failed', title: 'route.login', public: true, page: auth.login },
  { path: '/regist', name: 'regist', title: 'route.register', public: true, page: auth.register },
  {
    path: '/registSuccess',
    name: 'regist-success',
    title: 'route.registerSuccess',
    public: true,
    page: auth.registerSuccess,
  },
  { path: '/resetPwd', name: 'reset-pwd', title: 'route.resetPassword', public: true, page: auth.reset },
  { path: '/resetSuccess', name: 'reset-success', title: 'route.resetSuccess', public: true, page: auth.resetSuccess },
  {
    path: '/loginByAccessToken',
    name: 'login-by-access-token',
    title: 'route.accessToken',
    public: true,
    query: ['accessToken'],
    page: auth.accessToken,
  },
  {
    path: '/unlockByLink',
    name: 'unlock-by-link',
    title: 'route.unlockByLink',
    public: true,
    query: ['token'],
    page: locks.unlockByLink,
  },
  { path: '/map/base', name: 'map-base', title: 'route.mapBase', public: true, screen: true, page: publicMap.base },
  { path: '/map/new', name: 'map-new', title: 'route.mapNew', public: true, screen: true, page: publicMap.screen },
];

/**
 * The records route takes its record type from one of these (eKey, passcode, card, ...), or
 * from `queryType` (all the lock's records, filtered by query type on the page); with none it
 * goes to the eKey tab (spec section 2).
 */
const RECORD_QUERY = [
  'keyId',
  'keyboardPwd',
  'cardNo',
  'printNo',
  'palmVeinNo',
  'faceNo',
  'qrcodeNo',
  'keyfobNo',
] as const;

const manageTabs = ['ekey', 'passcode', 'card', 'fingerprint', 'palmVein', 'face', 'qrcode', 'keyfob'] as const;
export type ManageTab = (typeof manageTabs)[number];
export const MANAGE_TABS: readonly ManageTab[] = manageTabs;

export const CONSOLE_ROUTES: RouteSpec[] = [
  { path: '/console/home', name: 'console-home', title: 'route.consoleHome', query: ['groupId'], page: locks.home },
  {
    path: '/console/exportRecord',
    name: 'console-export-record',
    title: 'route.exportRecords',
    page: records.export,
    paid: true,
  },
  {
    path: '/console/exportLockUser',
    name: 'console-export-lock-user',
    title: 'route.exportLockUsers',
    page: lockUsers.export,
    paid: true,
  },
  {
    path: '/manage/passageMode',
    name: 'manage-passage-mode',
    title: 'route.passageMode',
    trail: 'lockInfo',
    lockId: true,
    page: locks.passageMode,
  },
  {
    path: '/manage/transferLock',
    name: 'manage-transfer-lock',
    title: 'route.transferLock',
    trail: 'lockInfo',
    query: ['lockId'],
    page: locks.transfer,
  },
  {
    path: '/manage/records',
    name: 'manage-records',
    title: 'route.records',
    trail: 'lockInfo',
    lockId: true,
    query: [...RECORD_QUERY, 'queryType'],
    requires: { oneOf: [...RECORD_QUERY, 'queryType'], otherwise: '/manage/ekey' },
    page: records.list,
  },
  {
    path: '/manage/issueEKey',
    name: 'manage-issue-ekey',
    title: 'route.issueEKey',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issueEKey,
  },
  {
    path: '/manage/issueEKeyBatch',
    name: 'manage-issue-ekey-batch',
    title: 'route.issueEKeyBatch',
    trail: 'lockInfo',
    query: ['lockId'],
    page: credentials.issueEKeyBatch,
  },
  {
    path: '/manage/issuePasscode',
    name: 'manage-issue-passcode',
    title: 'route.issuePasscode',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issuePasscode,
  },
  {
    path: '/manage/issueCard',
    name: 'manage-issue-card',
    title: 'route.issueCard',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issueCard,
  },
  {
    path: '/manage/issuePrint',
    name: 'manage-issue-print',
    title: 'route.issueFingerprint',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issueFingerprint,
  },
  {
    path: '/manage/issueFace',
    name: 'manage-issue-face',
    title: 'route.issueFace',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issueFace,
  },
  {
    path: '/manage/issueQrcode',
    name: 'manage-issue-qrcode',
    title: 'route.issueQrCode',
    trail: 'lockInfo',
    lockId: true,
    page: credentials.issueQrCode,
  },
  {
    path: '/manage/exportRecord',
    name: 'manage-export-record',
    title: 'route.exportRecords',
    trail: 'lockInfo',
    lockId: true,
    page: records.export,
    paid: true,
  },
  ...manageTabs.map(
    (tab): RouteSpec => ({
      path: `/manage/${tab}`,
      name: `manage-${tab}`,
      title: `route.manage.${tab}`,
      trail: 'lockInfo',
      lockId: true,
      page: locks.detail,
    }),
  ),
  {
    path: '/account/service',
    name: 'account-service',
    title: 'route.services',
    trail: 'valueAdded',
    page: account.services,
    paid: true,
  },
  {
    path: '/account/record',
    name: 'account-record',
    title: 'route.purchaseRecords',
    trail: 'valueAdded',
    query: ['orderNo'],
    page: account.records,
    paid: true,
  },
  { path: '/account/vip', name: 'account-vip', title: 'route.vip', trail: 'valueAdded', page: account.vip, paid: true },
  {
    path: '/account/smsTmpl',
    name: 'account-sms-template',
    title: 'route.smsTemplates',
    trail: 'valueAdded',
    page: account.smsTemplates,
    paid: true,
  },
  {
    path: '/account/emailTmpl',
    name: 'account-email-template',
    title: 'route.emailTemplates',
    trail: 'valueAdded',
    page: account.emailTemplates,
    paid: true,
  },
  { path: '/account/info', name: 'account-info', title: 'route.accountInfo', page: account.info },
  {
    path: '/ekey/send',
    name: 'ekey-send',
    title: 'route.sendEKey',
    trail: 'lockInfo',
    lockId: true,
    query: ['keyId', 'lockId'],
    requires: { oneOf: ['keyId'], otherwise: '/manage/ekey' },
    page: credentials.sentEKey,
  },
  {
    path: '/passcode/send',
    name: 'passcode-send',
    title: 'route.sendPasscode',
    trail: 'lockInfo',
    lockId: true,
    query: ['keyboardPwdId', 'lockId'],
    requires: { oneOf: ['keyboardPwdId'], otherwise: '/manage/passcode' },
    page: credentials.sentPasscode,
  },
  { path: '/auth/home', name: 'auth-home', title: 'route.authAdmins', trail: 'authAdmin', page: admins.home },
  {
    path: '/auth/create',
    name: 'auth-create',
    title: 'route.addAuthAdmin',
    trail: 'authAdmin',
    page: admins.create,
  },
  { path: '/group/home', name: 'group-home', title: 'route.lockGroups', trail: 'lockGroups', page: locks.groups },
  {
    path: '/lockUser/home',
    name: 'lock-user-home',
    title: 'route.lockUsers',
    trail: 'lockUsers',
    page: lockUsers.home,
  },
  {
    path: '/lockUser/onDate',
    name: 'lock-user-on-date',
    title: 'route.expiringUsers',
    trail: 'lockUsers',
    page: lockUsers.expiring,
  },
  {
    path: '/lockUser/issueEKeyBatch',
    name: 'lock-user-issue-ekey-batch',
    title: 'route.issueEKeyBatch',
    trail: 'lockUsers',
    query: ['account'],
    page: credentials.issueEKeyBatch,
  },
  {
    path: '/lockUser/export',
    name: 'lock-user-export',
    title: 'route.exportLockUsers',
    trail: 'lockUsers',
    page: lockUsers.export,
    paid: true,
  },
  { path: '/card/manage', name: 'card-manage', title: 'route.cards', trail: 'card', page: hotel.manage },
  {
    path: '/card/send',
    name: 'card-send',
    title: 'route.sendCard',
    trail: 'card',
    requires: { cardNumberMsg: true, otherwise: '/card/manage' },
    page: hotel.send,
  },
  { path: '/card/issue', name: 'card-issue', title: 'route.issueHotelCard', trail: 'card', page: hotel.issue },
  { path: '/card/props', name: 'card-props', title: 'route.cardSettings', trail: 'card', page: hotel.props },
  { path: '/plug/home', name: 'plug-home', title: 'route.gateways', trail: 'gateway', page: gateway.home },
];
