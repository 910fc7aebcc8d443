import { MANAGE_TABS } from './manageTabs';

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
  /**
   * Offered only where the brand sells paid services (its `hasPaidFeature`): the value-added area
   * and what needs the advanced function (exports). Elsewhere the route answers "not found" and
   * nothing links to it.
   */
  paid?: boolean;
}

/** Every route of spec section 2. */
export const PUBLIC_ROUTES: RouteSpec[] = [
  { path: '/login', name: 'user-login', title: 'route.login', public: true },
  { path: '/user/loginByAccessToken', name: 'user-login-failed', title: 'route.login', public: true },
  { path: '/regist', name: 'regist', title: 'route.register', public: true },
  {
    path: '/registSuccess',
    name: 'regist-success',
    title: 'route.registerSuccess',
    public: true,
  },
  { path: '/resetPwd', name: 'reset-pwd', title: 'route.resetPassword', public: true },
  { path: '/resetSuccess', name: 'reset-success', title: 'route.resetSuccess', public: true },
  {
    path: '/loginByAccessToken',
    name: 'login-by-access-token',
    title: 'route.accessToken',
    public: true,
    query: ['accessToken'],
  },
  {
    path: '/unlockByLink',
    name: 'unlock-by-link',
    title: 'route.unlockByLink',
    public: true,
    query: ['token'],
  },
  {
    path: '/stay',
    name: 'stay-guest',
    title: 'route.stayGuest',
    public: true,
    screen: true,
    query: ['token'],
  },
  { path: '/map/base', name: 'map-base', title: 'route.mapBase', public: true, screen: true },
  { path: '/map/new', name: 'map-new', title: 'route.mapNew', public: true, screen: true },
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

export const CONSOLE_ROUTES: RouteSpec[] = [
  { path: '/console/home', name: 'console-home', title: 'route.consoleHome', query: ['groupId'] },
  {
    path: '/console/exportRecord',
    name: 'console-export-record',
    title: 'route.exportRecords',
    paid: true,
  },
  {
    path: '/console/exportLockUser',
    name: 'console-export-lock-user',
    title: 'route.exportLockUsers',
    paid: true,
  },
  {
    path: '/manage/passageMode',
    name: 'manage-passage-mode',
    title: 'route.passageMode',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/access',
    name: 'manage-access',
    title: 'route.lockAccess',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/transferLock',
    name: 'manage-transfer-lock',
    title: 'route.transferLock',
    trail: 'lockInfo',
    query: ['lockId'],
  },
  {
    path: '/manage/records',
    name: 'manage-records',
    title: 'route.records',
    trail: 'lockInfo',
    lockId: true,
    query: [...RECORD_QUERY, 'queryType'],
    requires: { oneOf: [...RECORD_QUERY, 'queryType'], otherwise: '/manage/ekey' },
  },
  {
    path: '/manage/issueEKey',
    name: 'manage-issue-ekey',
    title: 'route.issueEKey',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/issueEKeyBatch',
    name: 'manage-issue-ekey-batch',
    title: 'route.issueEKeyBatch',
    trail: 'lockInfo',
    query: ['lockId'],
  },
  {
    path: '/manage/issuePasscode',
    name: 'manage-issue-passcode',
    title: 'route.issuePasscode',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/issueCard',
    name: 'manage-issue-card',
    title: 'route.issueCard',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/issuePrint',
    name: 'manage-issue-print',
    title: 'route.issueFingerprint',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/issueFace',
    name: 'manage-issue-face',
    title: 'route.issueFace',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/issueQrcode',
    name: 'manage-issue-qrcode',
    title: 'route.issueQrCode',
    trail: 'lockInfo',
    lockId: true,
  },
  {
    path: '/manage/exportRecord',
    name: 'manage-export-record',
    title: 'route.exportRecords',
    trail: 'lockInfo',
    lockId: true,
    paid: true,
  },
  ...MANAGE_TABS.map(
    (tab): RouteSpec => ({
      path: `/manage/${tab}`,
      name: `manage-${tab}`,
      title: `route.manage.${tab}`,
      trail: 'lockInfo',
      lockId: true,
    }),
  ),
  {
    path: '/account/service',
    name: 'account-service',
    title: 'route.services',
    trail: 'valueAdded',
    paid: true,
  },
  {
    path: '/account/record',
    name: 'account-record',
    title: 'route.purchaseRecords',
    trail: 'valueAdded',
    query: ['orderNo'],
    paid: true,
  },
  { path: '/account/vip', name: 'account-vip', title: 'route.vip', trail: 'valueAdded', paid: true },
  {
    path: '/account/smsTmpl',
    name: 'account-sms-template',
    title: 'route.smsTemplates',
    trail: 'valueAdded',
    paid: true,
  },
  {
    path: '/account/emailTmpl',
    name: 'account-email-template',
    title: 'route.emailTemplates',
    trail: 'valueAdded',
    paid: true,
  },
  { path: '/account/info', name: 'account-info', title: 'route.accountInfo' },
  { path: '/alert/list', name: 'alert-list', title: 'route.alerts' },
  { path: '/account/developer', name: 'account-developer', title: 'route.developer' },
  { path: '/stays', name: 'stays', title: 'route.stays' },
  { path: '/audit/home', name: 'audit-home', title: 'route.audit', query: ['lockId'] },
  {
    path: '/ekey/send',
    name: 'ekey-send',
    title: 'route.sendEKey',
    trail: 'lockInfo',
    lockId: true,
    query: ['keyId', 'lockId'],
    requires: { oneOf: ['keyId'], otherwise: '/manage/ekey' },
  },
  {
    path: '/passcode/send',
    name: 'passcode-send',
    title: 'route.sendPasscode',
    trail: 'lockInfo',
    lockId: true,
    query: ['keyboardPwdId', 'lockId'],
    requires: { oneOf: ['keyboardPwdId'], otherwise: '/manage/passcode' },
  },
  { path: '/auth/home', name: 'auth-home', title: 'route.authAdmins', trail: 'authAdmin' },
  {
    path: '/auth/create',
    name: 'auth-create',
    title: 'route.addAuthAdmin',
    trail: 'authAdmin',
  },
  { path: '/group/home', name: 'group-home', title: 'route.lockGroups', trail: 'lockGroups' },
  {
    path: '/lockUser/home',
    name: 'lock-user-home',
    title: 'route.lockUsers',
    trail: 'lockUsers',
  },
  {
    path: '/lockUser/onDate',
    name: 'lock-user-on-date',
    title: 'route.expiringUsers',
    trail: 'lockUsers',
  },
  {
    path: '/lockUser/review',
    name: 'lock-user-review',
    title: 'route.accessReview',
    trail: 'lockUsers',
  },
  {
    path: '/lockUser/revokeJob',
    name: 'lock-user-revoke-job',
    title: 'route.revokeJob',
    trail: 'lockUsers',
    query: ['jobId'],
    requires: { oneOf: ['jobId'], otherwise: '/lockUser/home' },
  },
  {
    path: '/lockUser/issueEKeyBatch',
    name: 'lock-user-issue-ekey-batch',
    title: 'route.issueEKeyBatch',
    trail: 'lockUsers',
    query: ['account'],
  },
  {
    path: '/lockUser/export',
    name: 'lock-user-export',
    title: 'route.exportLockUsers',
    trail: 'lockUsers',
    paid: true,
  },
  { path: '/card/manage', name: 'card-manage', title: 'route.cards', trail: 'card' },
  {
    path: '/card/send',
    name: 'card-send',
    title: 'route.sendCard',
    trail: 'card',
    requires: { cardNumberMsg: true, otherwise: '/card/manage' },
  },
  { path: '/card/issue', name: 'card-issue', title: 'route.issueHotelCard', trail: 'card' },
  { path: '/card/props', name: 'card-props', title: 'route.cardSettings', trail: 'card' },
  { path: '/plug/home', name: 'plug-home', title: 'route.gateways', trail: 'gateway' },
];
