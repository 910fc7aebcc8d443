import type { ComponentType } from 'react';
import { loadMessages } from '../i18n/i18n';
import { MANAGE_TABS } from './manageTabs';

/**
 * The screens of the route table (routeTable.ts), each loaded when first shown. Apart from the
 * table, so that screens may read the table (links a brand offers, the lock-detail tabs) without
 * importing one another through it.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** A public screen with the words of the screens part (src/i18n/messageParts.ts). */
function screen<T>(page: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([page(), loadMessages('screens')]))[0];
}

const publicMap = {
  base: screen(() => import('../features/map/MapBasePage')),
  screen: screen(() => import('../features/map/MapScreenPage')),
};

/** A stay's guest page (docs/stays.md): public, by its link. */
const stayGuestPage = screen(() => import('../features/stay/StayGuestPage'));

const gateway = {
  home: () => import('../features/gateway/GatewayPage'),
};

const locks = {
  home: () => import('../features/lock/list/LockListPage'),
  detail: () => import('../features/lock/detail/LockDetailPage'),
  passageMode: () => import('../features/lock/passage/PassageModePage'),
  access: () => import('../features/access/LockAccessPage'),
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
  review: () => import('../features/access/AccessReviewPage'),
  revokeJob: () => import('../features/lockUser/RevokeJobPage'),
};

const account = {
  info: () => import('../features/account/AccountInfoPage'),
  developer: () => import('../features/developer/DeveloperPage'),
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

/** The screen of each route, by its path; a route without one is still coming and says so. */
const PAGES: Record<string, PageLoader> = {
  '/login': auth.login,
  '/user/loginByAccessToken': auth.login,
  '/regist': auth.register,
  '/registSuccess': auth.registerSuccess,
  '/resetPwd': auth.reset,
  '/resetSuccess': auth.resetSuccess,
  '/loginByAccessToken': auth.accessToken,
  '/unlockByLink': locks.unlockByLink,
  '/stay': stayGuestPage,
  '/map/base': publicMap.base,
  '/map/new': publicMap.screen,
  '/console/home': locks.home,
  '/console/exportRecord': records.export,
  '/console/exportLockUser': lockUsers.export,
  '/manage/passageMode': locks.passageMode,
  '/manage/access': locks.access,
  '/manage/transferLock': locks.transfer,
  '/manage/records': records.list,
  '/manage/issueEKey': credentials.issueEKey,
  '/manage/issueEKeyBatch': credentials.issueEKeyBatch,
  '/manage/issuePasscode': credentials.issuePasscode,
  '/manage/issueCard': credentials.issueCard,
  '/manage/issuePrint': credentials.issueFingerprint,
  '/manage/issueFace': credentials.issueFace,
  '/manage/issueQrcode': credentials.issueQrCode,
  '/manage/exportRecord': records.export,
  ...Object.fromEntries(MANAGE_TABS.map((tab) => [`/manage/${tab}`, locks.detail])),
  '/account/service': account.services,
  '/account/record': account.records,
  '/account/vip': account.vip,
  '/account/smsTmpl': account.smsTemplates,
  '/account/emailTmpl': account.emailTemplates,
  '/account/info': account.info,
  '/alert/list': () => import('../features/alert/AlertsPage'),
  '/account/developer': account.developer,
  '/stays': () => import('../features/stays/StaysPage'),
  '/audit/home': () => import('../features/audit/AuditPage'),
  '/ekey/send': credentials.sentEKey,
  '/passcode/send': credentials.sentPasscode,
  '/auth/home': admins.home,
  '/auth/create': admins.create,
  '/group/home': locks.groups,
  '/lockUser/home': lockUsers.home,
  '/lockUser/onDate': lockUsers.expiring,
  '/lockUser/review': lockUsers.review,
  '/lockUser/revokeJob': lockUsers.revokeJob,
  '/lockUser/issueEKeyBatch': credentials.issueEKeyBatch,
  '/lockUser/export': lockUsers.export,
  '/card/manage': hotel.manage,
  '/card/send': hotel.send,
  '/card/issue': hotel.issue,
  '/card/props': hotel.props,
  '/plug/home': gateway.home,
};

/** The screen of the route at a path, if it has one yet. */
export function pageAt(path: string): PageLoader | undefined {
  return PAGES[path];
}
