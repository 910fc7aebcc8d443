import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { ALL_CALLS, DEFAULT_LOCALE, RemoteOperationState } from '@smartlock/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { registerBrokerAuthRoutes } from './devices/brokerAuthRoutes';
import { type Devices, startDevices } from './devices/deviceService';
import { AccessReviewService } from './domains/access/accessReviewService';
import { accessRoutes } from './domains/access/accessRoutes';
import { AccessService } from './domains/access/accessService';
import { adminRoutes } from './domains/admin/adminRoutes';
import { AdminService } from './domains/admin/adminService';
import { AlertDeliverer } from './domains/alert/alertDelivery';
import { alertRoutes } from './domains/alert/alertRoutes';
import { AlertService } from './domains/alert/alertService';
import { AlertSweep } from './domains/alert/alertSweep';
import { ApiKeyGate } from './domains/apiKey/apiKeyGate';
import { apiKeyRoutes } from './domains/apiKey/apiKeyRoutes';
import { ApiKeyService } from './domains/apiKey/apiKeyService';
import { auditedRoutes } from './domains/audit/auditRecording';
import { auditRoutes } from './domains/audit/auditRoutes';
import { AuditService } from './domains/audit/auditService';
import { AuditTrail } from './domains/audit/auditTrail';
import { BrandRegistry } from './domains/company/brands';
import { companyRoutes } from './domains/company/companyRoutes';
import { CredentialRetry, type RetryOptions } from './domains/credentialSync/credentialRetry';
import { credentialSyncRoutes } from './domains/credentialSync/credentialSyncRoutes';
import { CredentialSyncService } from './domains/credentialSync/credentialSyncService';
import { EKeyNotices } from './domains/ekey/ekeyNotices';
import { EKeyRevocations } from './domains/ekey/ekeyRevocations';
import { ekeyRoutes } from './domains/ekey/ekeyRoutes';
import { EKeyService } from './domains/ekey/ekeyService';
import { countOnlineGateways } from './domains/gateway/gatewayQueries';
import { gatewayRoutes } from './domains/gateway/gatewayRoutes';
import { GatewayService } from './domains/gateway/gatewayService';
import { groupRoutes } from './domains/group/groupRoutes';
import { GroupService } from './domains/group/groupService';
import { hotelRoutes } from './domains/hotel/hotelRoutes';
import { HotelService } from './domains/hotel/hotelService';
import { lockRoutes } from './domains/lock/lockRoutes';
import { LockService } from './domains/lock/lockService';
import { registerFacePhotoRoute } from './domains/lockCredential/facePhotoRoute';
import { lockCredentialRoutes } from './domains/lockCredential/lockCredentialRoutes';
import { LockCredentialService } from './domains/lockCredential/lockCredentialService';
import { LockRecordExports } from './domains/lockRecord/lockRecordExport';
import { registerLockRecordExportRoute } from './domains/lockRecord/lockRecordExportRoute';
import { LockRecordIntake } from './domains/lockRecord/lockRecordIntake';
import { lockRecordRoutes } from './domains/lockRecord/lockRecordRoutes';
import { LockRecordService } from './domains/lockRecord/lockRecordService';
import { RecordPartitions } from './domains/lockRecord/recordPartitions';
import { lockUserRoutes } from './domains/lockUser/lockUserRoutes';
import { LockUserService } from './domains/lockUser/lockUserService';
import { RevokeJobRunner } from './domains/lockUser/revokeJobRunner';
import { RevokeJobService } from './domains/lockUser/revokeJobService';
import { MapActivityService } from './domains/map/mapActivityService';
import { pruneCityActivity } from './domains/map/mapQueries';
import { mapRoutes, registerMapLive } from './domains/map/mapRoutes';
import { MapService } from './domains/map/mapService';
import { NoticeWriter } from './domains/notice/noticeWriter';
import { ContractCalls } from './domains/openApi/contractCalls';
import { OpenApiClients } from './domains/openApi/openApiClients';
import { OpenApiGate } from './domains/openApi/openApiGate';
import { openApiRoutes } from './domains/openApi/openApiRoutes';
import { OpenApiTokens } from './domains/openApi/openApiTokens';
import { registerOpenApi } from './domains/openApi/openApiWire';
import { RECORD_CALLBACK_KIND, RecordCallbacks, recordCallbackKind } from './domains/openApi/recordCallbacks';
import { orderRoutes } from './domains/order/orderRoutes';
import { passcodeRoutes } from './domains/passcode/passcodeRoutes';
import { PasscodeService } from './domains/passcode/passcodeService';
import { startPayments } from './domains/payment/startPayments';
import { remoteOperationRoutes } from './domains/remoteOperation/remoteOperationRoutes';
import { UnlockLinks } from './domains/remoteOperation/unlockLinks';
import { faceAuthRoutes } from './domains/service/faceAuthRoutes';
import { FaceAuthService } from './domains/service/faceAuthService';
import { serviceRoutes } from './domains/service/serviceRoutes';
import { ServiceService } from './domains/service/serviceService';
import { FeedAudit } from './domains/stay/feedAudit';
import { FeedPoller, POLLER_DEFAULTS, type PollerOptions } from './domains/stay/feedPoller';
import { FEED_TIMEOUT_MS } from './domains/stay/feedReader';
import { GuestLinks } from './domains/stay/guestLink';
import { StayFeedRead } from './domains/stay/stayFeedRead';
import { stayFeedRoutes } from './domains/stay/stayFeedRoutes';
import { StayFeedService } from './domains/stay/stayFeedService';
import { stayGuestRoutes } from './domains/stay/stayGuestRoutes';
import { StayGuestService } from './domains/stay/stayGuestService';
import { StayIssuer } from './domains/stay/stayIssuer';
import { templateRoutes } from './domains/template/templateRoutes';
import { TemplateService } from './domains/template/templateService';
import { accountRoutes } from './domains/user/accountRoutes';
import { AccountService } from './domains/user/accountService';
import { registerAvatarRoute } from './domains/user/avatarRoute';
import { userRoutes } from './domains/user/userRoutes';
import { UserService } from './domains/user/userService';
import { SliderService } from './domains/verification/slider/sliderService';
import { ValidationCodeService } from './domains/verification/validationCodeService';
import { vipRoutes } from './domains/vip/vipRoutes';
import { VipService } from './domains/vip/vipService';
import { pruneDeliveries } from './domains/webhook/webhookDeliveryQueries';
import { WebhookEmitters } from './domains/webhook/webhookEmitters';
import { WebhookEvents } from './domains/webhook/webhookEvents';
import { webhookKind } from './domains/webhook/webhookKind';
import { webhookRoutes } from './domains/webhook/webhookRoutes';
import { WebhookService } from './domains/webhook/webhookService';
import { WebhookWorker, type WorkerOptions } from './domains/webhook/webhookWorker';
import { ApiError } from './http/apiError';
import { type AppClient, appClients } from './http/clients';
import { SignatureGuard } from './http/guard';
import { UPLOAD_FIELD_LIMITS } from './http/params';
import { errorEnvelope } from './http/reply';
import { brandOf, localeOf, type Route, registerRoutes, sendError } from './http/router';
import { SessionStore } from './http/session';
import { LiveHub } from './live/liveHub';
import { registerLiveRoute } from './live/liveRoute';
import { Messenger } from './messaging/messenger';
import { type MailTransport, type SmsTransport, SmtpTransport } from './messaging/transports';
import { CREDENTIAL_COMMANDS, OPERATION_OUTCOMES } from './operationOutcomes';
import { logFormatFor, prettyLog } from './ops/logFormat';
import { Metrics } from './ops/metrics';
import { registerOpsRoutes } from './ops/opsRoutes';
import { serverRoot } from './paths';
import { rootSecret } from './secrets';
import { deriveKey, Sealer } from './security/crypto';
import { RateLimiter } from './security/rateLimit';
import { registerSecurityHeaders } from './security/securityHeaders';
import { asksForFile, serveConsole } from './web';

export interface Services {
  config: Config;
  database: Database;
  brands: BrandRegistry;
  clients: Map<string, AppClient>;
  sessions: SessionStore;
  accounts: AccountService;
  codes: ValidationCodeService;
  slider: SliderService;
  limiter: RateLimiter;
  /** Stays' guest links (docs/stays.md): the one signer, for the guest page and the stays that hand links out. */
  guestLinks: GuestLinks;
  messenger: Messenger;
  guard: SignatureGuard;
  live: LiveHub;
  devices: Devices;
  /** Alerts: `alerts.onRaised(listener)` hears each alert raised (webhooks' `alert.raised`). */
  alerts: AlertService;
  alertSweep: AlertSweep;
  /** The accounts' clients of the TTLock-compatible open API. */
  openApi: OpenApiClients;
  /** Webhook deliveries and record callbacks: the worker that sends them, the events that store them. */
  webhooks: { worker: WebhookWorker; events: WebhookEvents; service: WebhookService };
  /** Calendar feeds: the poller every instance runs, the read of one feed, the calls' service. */
  stays: { poller: FeedPoller; reads: StayFeedRead; service: StayFeedService };
  /** The audit trail: each account's hash chain of changes. */
  auditTrail: AuditTrail;
  /** Runs revoke-all jobs in the background (docs/governance.md). */
  revokeRunner: RevokeJobRunner;
  /** Sends failed credentials to their locks again (docs/stays.md, "Credentials on the lock"). */
  credentialRetry: CredentialRetry;
  /** Paid services: price list, payment providers, orders, the sandbox and its notifications. */
  payments: Awaited<ReturnType<typeof startPayments>>;
  /** The built console folder, if any. */
  consoleDist: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Replaces the SMS provider (the outbox otherwise). */
  sms?: SmsTransport;
  /** Replaces the mail transport chosen from SMTP_URL. */
  mail?: MailTransport;
  /** Whether this instance offers to sweep for lasting alerts every minute (tests sweep by hand). */
  alertSweep?: boolean;
  /** PGlite in memory starts from this migrated data-directory dump (test servers). */
  pgliteDump?: Blob;
  /**
   * The webhook worker's clock, sender and limits (tests drive them); `autoStart: false` leaves it
   * stopped, so a test runs it (`services.webhooks.worker.runDue()`).
   */
  webhookWorker?: Partial<WorkerOptions> & { autoStart?: boolean };
  /** The credential retries' clock and limits (tests sweep with their own `now`). */
  credentialRetry?: Partial<RetryOptions>;
  /**
   * The calendar feed poller's clock and limits and the reads' fetch (tests drive them);
   * `autoStart: false` leaves it stopped, so a test runs it (`services.stays.poller.runDue()`).
   */
  feedPoller?: Partial<PollerOptions> & { autoStart?: boolean; fetch?: typeof fetch; random?: () => number };
}

/** Delivered and failed webhook deliveries are kept in the log this long. */
const DELIVERY_LOG_DAYS = 30;

/** How far an open API call's `date` may be from the server's clock: TTLock's 5 minutes. */
const OPEN_API_DATE_WINDOW_MS = 5 * 60_000;

/** Keys and headers that never reach the log. */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** The cloud service: every API call under /api, the console, /healthz, /readyz and /metrics. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      serializers: {
        // The path only: query strings may carry access tokens.
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
      },
      ...(options.logStream
        ? { stream: options.logStream }
        : logFormatFor(config, process.stdout.isTTY === true) === 'pretty'
          ? { stream: prettyLog() }
          : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteDump: options.pgliteDump,
    onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; it will be replaced'),
  });
  app.addHook('onClose', async () => database.close());
  const { db } = database;
  // This month's record partition and the next ones exist before the first record arrives.
  const recordPartitions = new RecordPartitions(db, config.RECORD_RETENTION_MONTHS, app.log);
  await recordPartitions.maintain().catch((err) => app.log.warn({ err }, 'record partitions not maintained'));
  const secret = rootSecret(config);
  const brands = new BrandRegistry(config.BRANDS_FILE ?? join(serverRoot(), 'brands.json'));
  const clients = appClients(config, secret);
  const limiter = new RateLimiter(db);
  const mail = options.mail ?? (config.SMTP_URL ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined);
  const messenger = new Messenger(db, app.log, { mail, sms: options.sms });
  const sessions = new SessionStore({
    db,
    sealer: new Sealer(deriveKey(secret, 'access-token-cookie')),
    ttlMs: config.SESSION_TTL_DAYS * 86_400_000,
    cookieSecure: config.COOKIE_SECURE,
  });
  const slider = new SliderService(db, limiter);
  const codes = new ValidationCodeService(db, deriveKey(secret, 'validation-codes'), limiter, slider, messenger);
  const accounts = new AccountService(db, sessions, codes, slider, limiter);
  const guard = new SignatureGuard({ clients, windowMs: config.SIGNATURE_WINDOW_SECONDS * 1000, db });
  const live = new LiveHub();
  const mapActivity = new MapActivityService(db);
  const production = config.NODE_ENV === 'production';
  const webhookSealer = new Sealer(deriveKey(secret, 'webhook-secrets'));
  // Stays' guest links: made once here, read by the guest page and by the stays that send links.
  const guestLinks = new GuestLinks(deriveKey(secret, 'stay-guest-links'));
  const { autoStart: webhooksStart = true, ...workerOptions } = options.webhookWorker ?? {};
  const webhookWorker = new WebhookWorker(
    db,
    { webhook: webhookKind(db, webhookSealer, production), [RECORD_CALLBACK_KIND]: recordCallbackKind(db) },
    app.log,
    workerOptions,
  );
  if (webhooksStart) app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', async () => webhookWorker.stop());
  const webhookClock = workerOptions.now ?? Date.now;
  const webhookEvents = new WebhookEvents(db, app.log, () => webhookWorker.kick(), webhookClock);
  const webhookEmitters = new WebhookEmitters(db, webhookEvents, CREDENTIAL_COMMANDS);
  const recordCallbacks = new RecordCallbacks(webhookClock);
  const alerts = new AlertService(db, live, new AlertDeliverer(db, messenger, live, app.log), app.log);
  alerts.onRaised((alert) => webhookEmitters.alertRaised(alert));
  const intake = new LockRecordIntake(
    db,
    live,
    () => mapActivity.invalidate(),
    {
      store: async (tx, lock, records) => {
        await webhookEmitters.recordsStored(tx, lock, records);
        await recordCallbacks.store(tx, lock, records);
      },
      committed: () => webhookEmitters.kick(),
    },
    (lock, records) =>
      alerts.recordsStored(lock, records).catch((err) => app.log.warn({ err }, 'alerts of records not raised')),
  );
  const webhooks = new WebhookService({
    db,
    sealer: webhookSealer,
    production,
    wake: () => webhookWorker.kick(),
    now: webhookClock,
  });
  let credentialRetry: CredentialRetry | undefined;
  const metrics = new Metrics({ connectedGateways: () => countOnlineGateways(db), liveAccounts: () => live.accounts });
  const devices = await startDevices({
    config,
    rootSecret: secret,
    db,
    live,
    records: intake,
    outcomes: OPERATION_OUTCOMES,
    log: app.log,
    onOperationEnded: (end) => metrics.operationEnded(end),
    onMessage: (kind) => metrics.linkMessage(kind),
    reports: {
      lockChanged: (ownerId, change) => webhookEmitters.lockChanged(ownerId, change),
      gatewayChanged: (ownerId, gatewayId, online, wasOnline) =>
        webhookEmitters.gatewayChanged(ownerId, gatewayId, online, wasOnline),
      operationEnded: async (row, change) => {
        await webhookEmitters.operationEnded(row, change);
        // A reconciliation's missing credentials are sent again at once.
        if (row.command === 'listCredentials' && row.state === RemoteOperationState.success) {
          credentialRetry?.kick([row.lockId]);
        }
      },
    },
    lockReported: (lockId, battery) =>
      alerts.lockReported(lockId, battery).catch((err) => app.log.warn({ err }, 'battery alert not raised')),
  });
  app.addHook('onClose', async () => devices.close());
  const revocations = new EKeyRevocations(db, devices.operations, app.log);
  devices.whenGatewayOnline((gatewayId) => revocations.resendForGateway(gatewayId));
  // Failed credentials are sent again on their schedule, and at once when their gateway is back (docs/stays.md).
  credentialRetry = new CredentialRetry(db, devices.operations, app.log, options.credentialRetry);
  const retries = credentialRetry;
  app.addHook('onReady', async () => retries.start());
  app.addHook('onClose', async () => retries.stop());
  devices.whenGatewayOnline((gatewayId) => retries.onGatewayOnline(gatewayId));

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { ...UPLOAD_FIELD_LIMITS, files: 1 } });
  const consoleFiles = await serveConsole(app, config.WEB_DIST);

  const unlockLinks = new UnlockLinks(db, devices.operations, config.REMOTE_OPERATION_SECONDS * 1000);
  const templates = new TemplateService(db);
  const notices = new NoticeWriter(db, messenger, templates, unlockLinks);
  const keys = new EKeyService(db, revocations, new EKeyNotices(db, messenger, notices, app.log));
  const passcodes = new PasscodeService(db, devices.operations, notices);
  const payments = await startPayments(app, { config, db, secret, brands, live });
  const credentials = new LockCredentialService(db, devices.operations);
  const recordExports = new LockRecordExports(db, deriveKey(secret, 'record-exports'));
  const users = new UserService({ db, accounts, codes, sessions, revocations });
  const openApi = new OpenApiClients(db, deriveKey(secret, 'open-api-demo-client'));
  const auditTrail = new AuditTrail(db);
  const lockUsers = new LockUserService(db, keys, passcodes, credentials);
  const {
    autoStart: feedsStart = true,
    fetch: feedFetch,
    random: feedRandom,
    ...pollerOptions
  } = options.feedPoller ?? {};
  const feedClock = pollerOptions.now ?? Date.now;
  const stayIssuer = new StayIssuer(
    db,
    passcodes,
    credentials,
    new FeedAudit(db, auditTrail, app.log, feedClock),
    feedClock,
  );
  const stayReads = new StayFeedRead(db, stayIssuer, notices, brands, guestLinks, app.log, {
    now: feedClock,
    random: feedRandom ?? Math.random,
    fetch: feedFetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: FEED_TIMEOUT_MS,
    production,
    settleMs: config.REMOTE_OPERATION_SECONDS * 1000 + 2000,
  });
  const feedPoller = new FeedPoller(db, stayReads, app.log, pollerOptions);
  if (feedsStart) app.addHook('onReady', async () => feedPoller.start());
  app.addHook('onClose', async () => feedPoller.stop());
  const stayFeeds = new StayFeedService({
    db,
    reads: stayReads,
    issuer: stayIssuer,
    links: guestLinks,
    production,
    leaseMs: pollerOptions.leaseMs ?? POLLER_DEFAULTS.leaseMs,
    now: feedClock,
  });
  // Revoke-all jobs run in the background of every instance (docs/governance.md).
  const revokeRunner = new RevokeJobRunner(db, lockUsers, app.log);
  app.addHook('onReady', async () => revokeRunner.start());
  app.addHook('onClose', async () => revokeRunner.stop());
  const allRoutes: Route[] = [
    ...userRoutes({ users, accounts, codes, slider, sessions }),
    ...accountRoutes({ users, sessions }),
    ...companyRoutes(brands),
    ...lockRoutes(new LockService({ db, accounts, codes })),
    ...groupRoutes(new GroupService(db)),
    ...remoteOperationRoutes(devices.operations, unlockLinks),
    ...gatewayRoutes(new GatewayService({ db, devices, accounts, codes })),
    ...lockRecordRoutes(new LockRecordService(db, intake, recordExports)),
    ...ekeyRoutes(keys),
    ...adminRoutes(new AdminService(db, keys)),
    ...passcodeRoutes(passcodes),
    ...credentialSyncRoutes(new CredentialSyncService(db, devices.operations)),
    ...lockCredentialRoutes(credentials),
    ...lockUserRoutes(lockUsers, new RevokeJobService(db, () => revokeRunner.wake())),
    ...alertRoutes(alerts),
    ...accessRoutes(new AccessService(db), new AccessReviewService(db)),
    ...auditRoutes(new AuditService(db, auditTrail)),
    ...hotelRoutes(new HotelService(db)),
    ...faceAuthRoutes(new FaceAuthService(db)),
    ...serviceRoutes(new ServiceService({ db, prices: payments.prices, providers: payments.providers })),
    ...orderRoutes(payments.orders),
    ...vipRoutes(new VipService(db)),
    ...templateRoutes(templates),
    ...mapRoutes({
      places: new MapService({ db, onMoved: () => mapActivity.invalidate() }),
      activity: mapActivity,
    }),
    ...openApiRoutes(openApi),
    ...apiKeyRoutes(new ApiKeyService(db, config.API_KEY_CALLS_PER_MINUTE)),
    ...webhookRoutes(webhooks),
    ...stayGuestRoutes(
      new StayGuestService({
        db,
        links: guestLinks,
        operations: devices.operations,
        limiter,
        operationMs: config.REMOTE_OPERATION_SECONDS * 1000,
        brandName: (key) => brands.byPackageName(key)?.name,
      }),
    ),
    ...stayFeedRoutes(stayFeeds),
  ];
  assertEveryCallRouted(allRoutes);
  // Every change, from the console, an API key or the open API (ContractCalls), leaves its audit entry.
  const routes = auditedRoutes(allRoutes, db, app.log);
  const apiKeys = new ApiKeyGate(db, limiter, config.API_KEY_CALLS_PER_MINUTE);
  registerRoutes(app, { guard, sessions, brands, keys: apiKeys, publicUrl: config.PUBLIC_URL }, routes);
  const openApiTokens = new OpenApiTokens(db, openApi, limiter);
  registerOpenApi(app, {
    tokens: openApiTokens,
    gate: new OpenApiGate(db, openApi, openApiTokens, limiter, {
      dateWindowMs: OPEN_API_DATE_WINDOW_MS,
      callsPerMinute: config.OPEN_API_CALLS_PER_MINUTE,
    }),
    kit: { calls: new ContractCalls(routes, brands), operations: devices.operations },
  });
  registerLiveRoute(app, { sessions, live });
  registerFacePhotoRoute(app, { credentials, sessions });
  registerAvatarRoute(app, { users, sessions });
  registerLockRecordExportRoute(app, { sessions, exports: recordExports });
  registerMapLive(app, mapActivity);
  registerOpsRoutes(app, {
    database,
    link: devices.link,
    metrics,
    metricsToken: config.METRICS_TOKEN,
    metricsPublic: config.METRICS_PUBLIC ?? config.NODE_ENV !== 'production',
  });
  if (config.MQTT_AUTH_TOKEN) registerBrokerAuthRoutes(app, devices.access, config.MQTT_AUTH_TOKEN);

  /** What the console needs before its first call: its app id and signing key (public by nature). */
  app.get('/app-config.json', async (_request, reply) => {
    const consoleApp = clients.get(config.CONSOLE_APP_ID);
    return reply.header('cache-control', 'no-store').send({
      appId: consoleApp?.appId,
      appSecret: consoleApp?.secret,
      signatureWindowSeconds: config.SIGNATURE_WINDOW_SECONDS,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      const brand = brandOf(brands, request, undefined);
      return reply.code(404).send(errorEnvelope(localeOf(request, undefined, brand), 'notFound', {}, 'no such call'));
    }
    // A missing file is missing (a stale asset after a release must not get the page as script).
    if (asksForFile(request.url)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return consoleFiles.sendPage(reply);
  });

  app.setErrorHandler((error, request, reply) => {
    const brand = brandOf(brands, request, undefined);
    const locale = request.url.startsWith('/api/') ? localeOf(request, undefined, brand) : DEFAULT_LOCALE;
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(request, reply, new ApiError('payloadTooLarge'), locale);
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(request, reply, new ApiError('unsupportedContentType'), locale);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(
        request,
        reply,
        new ApiError('badParameter', {}, error instanceof Error ? error.message : ''),
        locale,
      );
    }
    return sendError(request, reply, error, locale);
  });

  const maintenance = setInterval(() => {
    Promise.all([
      guard.prune(),
      limiter.prune(86_400_000),
      slider.prune(),
      codes.prune(),
      pruneCityActivity(db),
      recordPartitions.maintain(),
      pruneDeliveries(db, new Date(Date.now() - DELIVERY_LOG_DAYS * 86_400_000)),
      auditTrail.prune(config.AUDIT_RETENTION_DAYS),
    ]).catch((err) => app.log.warn({ err }, 'maintenance failed'));
  }, 10 * 60_000);
  maintenance.unref();
  const alertSweep = new AlertSweep(db, alerts, app.log);
  if (options.alertSweep !== false) alertSweep.start();
  app.addHook('onClose', async () => alertSweep.stop());
  app.addHook('onClose', async () => clearInterval(maintenance));

  app.decorate('services', {
    config,
    database,
    brands,
    clients,
    sessions,
    accounts,
    codes,
    slider,
    limiter,
    guestLinks,
    messenger,
    guard,
    live,
    devices,
    alerts,
    alertSweep,
    openApi,
    webhooks: { worker: webhookWorker, events: webhookEvents, service: webhooks },
    stays: { poller: feedPoller, reads: stayReads, service: stayFeeds },
    payments,
    auditTrail,
    revokeRunner,
    credentialRetry: retries,
    consoleDist: consoleFiles.dist,
  });
  return app;
}

/** The contract and the server must agree: every call has exactly one handler. */
function assertEveryCallRouted(routes: Route[]): void {
  const routed = new Set(routes.map((r) => r.call));
  const missing = ALL_CALLS.filter((call) => !routed.has(call)).map((call) => call.path);
  if (missing.length > 0) throw new Error(`Calls without a handler: ${missing.join(', ')}`);
  if (routed.size !== routes.length) throw new Error('A call has two handlers');
}
