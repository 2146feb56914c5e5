// buildApp: plugins, modules and realtime on one Fastify instance, without listening (tests
// call it directly).
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import helmet from 'helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { lenient } from '@atende/shared/lenient';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { countPendingMigrations, pingDatabase } from './db/health.ts';
import { registerAccessControl } from './platform/access.ts';
import { createApiKeyAuthentication } from './platform/api-key-auth.ts';
import { registerApiCors } from './platform/cors.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { registerCompression } from './platform/compression.ts';
import { responseSerializer } from './platform/endpoint-routes.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerUploadCleanup } from './platform/uploads.ts';
import { createEventBus } from './platform/events.ts';
import { createLoginAttempts } from './platform/login-attempts.ts';
import { apiDocsRoutes, registerOpenApi } from './platform/operations/api-docs.ts';
import { createMetrics } from './platform/operations/metrics.ts';
import { operationsRoutes } from './platform/operations/operations.routes.ts';
import { requestLogSerializer } from './platform/operations/log-redaction.ts';
import { createMemoryCounters, failingOpen } from './platform/rate-limit/counters.ts';
import { createRedisCounters } from './platform/rate-limit/redis-counters.ts';
import { registerRequestLimits, routeLimit } from './platform/rate-limit/request-limits.ts';
import { connectRedis } from './platform/redis.ts';
import { createRealtime } from './platform/realtime.ts';
import { echoRequestId, requestIdOf } from './platform/request-id.ts';
import { registerStaticFiles } from './platform/static-files.ts';
import { createObjectStore, createStorage } from './platform/storage.ts';
import { registerBucketFiles } from './platform/bucket-files.ts';
import { failedJobsRoutes } from './platform/jobs/failed-jobs.routes.ts';
import { registerMailSendJob } from './platform/mail/mail.jobs.ts';
import { mailRoutes } from './platform/mail/mail.routes.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createFailedJobsService } from './platform/jobs/failed-jobs.service.ts';
import { createJobRunner } from './platform/jobs/job-runner.ts';
import { jobStats } from './platform/jobs/jobs.repo.ts';
import { createTokenService } from './platform/tokens.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createOutboundHttp, type HostResolver } from './platform/outbound-http.ts';
import { createInboundPipeline } from './channels/inbound-pipeline.ts';
import { registerOutboundMessageJob } from './channels/outbound-message-handler.jobs.ts';
import { sandboxProvider } from './channels/sandbox/sandbox.provider.ts';
import { sandboxRoutes } from './channels/sandbox/sandbox.routes.ts';
import { createSandboxService } from './channels/sandbox/sandbox.service.ts';
import { countingSends } from './channels/outbound-metrics.ts';
import { watchingCredentials } from './channels/meta-graph/credential-watch.ts';
import { createGraphClient } from './channels/meta-graph/graph-client.ts';
import { createPagesProvider } from './channels/meta-pages/pages.provider.ts';
import { pagesRoutes } from './channels/meta-pages/pages.routes.ts';
import { createCloudProvider } from './channels/whatsapp-cloud/cloud.provider.ts';
import { cloudRoutes } from './channels/whatsapp-cloud/cloud.routes.ts';
import { createBotApi } from './channels/telegram/bot-api.ts';
import { createTelegramBots } from './channels/telegram/telegram-bots.ts';
import { registerTelegramUpdateJob } from './channels/telegram/telegram-inbound.jobs.ts';
import { createTelegramProvider } from './channels/telegram/telegram.provider.ts';
import { telegramRoutes } from './channels/telegram/telegram.routes.ts';
import { createEmailConnections } from './channels/email/email-connections.ts';
import { registerEmailMailJob } from './channels/email/email-inbound.jobs.ts';
import { createEmailProvider } from './channels/email/email.provider.ts';
import { emailRoutes } from './channels/email/email.routes.ts';
import { startInboundSmtp, type InboundSmtp } from './channels/email/inbound-smtp.ts';
import { createSmtpConnector } from './channels/email/smtp-account.ts';
import { createWebchatLive } from './channels/webchat/webchat-live.ts';
import { createWebchatProvider } from './channels/webchat/webchat.provider.ts';
import { webchatRoutes } from './channels/webchat/webchat.routes.ts';
import { createWebchatTyping } from './channels/webchat/webchat-typing.ts';
import { webchatTypingRoutes } from './channels/webchat/webchat-typing.routes.ts';
import { createWebchatVisitors, DEFAULT_WEBCHAT_LIMITS, type WebchatLimits } from './channels/webchat/webchat-visitors.ts';
import { createInboundAutomation } from './modules/chatbot/inbound-automation.service.ts';
import { registerTicketTimerJobs } from './modules/chatbot/ticket-timer-handlers.jobs.ts';
import { registerQueueAssignmentJob } from './modules/tickets/queue-assignment-handler.jobs.ts';
import { registerTicketCountsFoldJob } from './modules/tickets/ticket-counts.jobs.ts';
import { notOwnedElsewhere } from './channels/whatsapp/session-lease.repo.ts';
import { createWhatsappChannel, type WhatsappChannelOptions } from './channels/whatsapp/whatsapp.channel.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { createAnnouncementsService } from './modules/announcements/announcements.service.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { createChatsService } from './modules/chats/chats.service.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { registerFolderStatsJob } from './modules/companies/companies.jobs.ts';
import { signupVerificationRoutes } from './modules/companies/signup-verification.routes.ts';
import { createSignupVerification } from './modules/companies/signup-verification.service.ts';
import { registerUnverifiedSignupsSweepJob } from './modules/companies/unverified-signups.jobs.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { countWhatsappSessionsByStatus } from './modules/connections/connections.repo.ts';
import { connectionsRoutes } from './modules/connections/connections.routes.ts';
import { createConnectionsService } from './modules/connections/connections.service.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { registerContactImportJobs } from './modules/contact-import/contact-import.jobs.ts';
import { contactImportRoutes } from './modules/contact-import/contact-import.routes.ts';
import { createContactImportService } from './modules/contact-import/contact-import.service.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { createPlansService } from './modules/plans/plans.service.ts';
import { helpsRoutes } from './modules/helps/helps.routes.ts';
import { createHelpsService } from './modules/helps/helps.service.ts';
import { createEfiPixProvider } from './modules/invoices/efi-pix.provider.ts';
import { billIfDue, registerInvoiceSweepJob } from './modules/invoices/invoices.jobs.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { panelRoutes } from './modules/panel/panel.routes.ts';
import { createPanelService } from './modules/panel/panel.service.ts';
import { queuesRoutes } from './modules/queues/queues.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createQueuesService } from './modules/queues/queues.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { kanbanRoutes } from './modules/kanban/kanban.routes.ts';
import { createKanbanService } from './modules/kanban/kanban.service.ts';
import { registerLaneTimerJob } from './modules/kanban/lane-timer-handler.jobs.ts';
import { registerKnowledgeIntakeJob } from './modules/knowledge/knowledge-intake.jobs.ts';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.ts';
import { createKnowledgeService } from './modules/knowledge/knowledge.service.ts';
import { fileListsRoutes } from './modules/file-lists/file-lists.routes.ts';
import { createFileListsService } from './modules/file-lists/file-lists.service.ts';
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes.ts';
import { createQuickMessagesService } from './modules/quick-messages/quick-messages.service.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { createTagsService } from './modules/tags/tags.service.ts';
import { registerContactListImportJob, registerContactListNumberCheckJob } from './modules/contact-lists/contact-lists.jobs.ts';
import { contactListsRoutes } from './modules/contact-lists/contact-lists.routes.ts';
import { createContactListsService } from './modules/contact-lists/contact-lists.service.ts';
import { registerCampaignJobs } from './modules/campaigns/campaigns.jobs.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { createCampaignSettingsService } from './modules/campaigns/campaign-settings.service.ts';
import { createCampaignsService } from './modules/campaigns/campaigns.service.ts';
import { registerScheduleSendJob } from './modules/schedules/schedules.jobs.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { createSchedulesService } from './modules/schedules/schedules.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createCompanySettingsCache } from './modules/settings/company-settings.cache.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { invitationsRoutes } from './modules/users/invitations.routes.ts';
import { createInvitationsService } from './modules/users/invitations.service.ts';
import { createUsersService, hashPassword } from './modules/users/users.service.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { createConversationFlow } from './modules/chatbot/chatbot.service.ts';
import { startRedirectCountdown } from './modules/chatbot/queue-redirect.steps.ts';
import { stopRotationCountdown } from './modules/chatbot/queue-rotation.steps.ts';
import { touchInactivity } from './modules/tickets/inactivity.steps.ts';
import { ratingSteps } from './modules/tickets/rating.steps.ts';
import { messagesApiRoutes } from './modules/messages-api/messages-api.routes.ts';
import { createMessagesApiService } from './modules/messages-api/messages-api.service.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes.ts';
import { createTicketNotesService } from './modules/ticket-notes/ticket-notes.service.ts';
import { createTicketEvents } from './modules/tickets/tickets.events.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { registerPromptReplyJob } from './modules/prompts/prompt-reply.jobs.ts';
import { promptsRoutes } from './modules/prompts/prompts.routes.ts';
import { findPrompt } from './modules/prompts/prompts.repo.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { createDialogflowClient } from './modules/integrations/dialogflow.client.ts';
import { registerIntegrationReplyJob } from './modules/integration-replies/integration-reply.jobs.ts';
import { createPromptsService } from './modules/prompts/prompts.service.ts';
import { copilotRoutes } from './modules/copilot/copilot.routes.ts';
import { createCopilotService } from './modules/copilot/copilot.service.ts';
import { enqueueTransferSummary, registerTransferSummaryJob } from './modules/copilot/transfer-summary.jobs.ts';
import { createAzureSpeech } from './modules/prompts/speech.provider.ts';
import { registerPasswordResetRequestJob } from './modules/auth/password-reset.jobs.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { mailBrandingOf } from './modules/settings/mail-branding.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { registerWebhookDeliveryJob } from './modules/webhooks/webhook-delivery.jobs.ts';
import { registerWebhookPruneJob } from './modules/webhooks/webhook-prune.jobs.ts';
import { registerAuditPruneJob } from './modules/audit/audit-prune.jobs.ts';
import { registerAiCallsPruneJob } from './modules/copilot/ai-calls-prune.jobs.ts';
import { slaFigures } from './modules/sla/sla-figures.repo.ts';
import { registerSlaJobs } from './modules/sla/sla.jobs.ts';
import { slaRoutes } from './modules/sla/sla.routes.ts';
import { createSlaService } from './modules/sla/sla.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerAutomationJobs } from './modules/automation/automation-engine.jobs.ts';
import { automationRoutes } from './modules/automation/automation.routes.ts';
import { createAutomationService } from './modules/automation/automation.service.ts';
import { createMacrosService } from './modules/automation/macros.service.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

// one line an operator sees at start when a production server keeps its data in PGlite
export const PGLITE_IN_PRODUCTION =
  'PRODUCTION ON PGLITE: the embedded database is for trying the product and a single process; set DATABASE_URL to a PostgreSQL server (docs/deploy.md)';

// whatsapp: tests hand in a fake Baileys socket (and media download) so no test reaches WhatsApp;
// logStream: where the log lines go instead of stdout (a test reads what was logged)
// resolveHost: the DNS lookup of the guarded outbound client (tests answer as a rebinding server would)
// webchatLimits: the widget's flood caps (tests lower them)
export type AppOptions = {
  clock?: Clock;
  whatsapp?: WhatsappChannelOptions;
  logStream?: { write: (line: string) => void };
  resolveHost?: HostResolver;
  webchatLimits?: WebchatLimits;
};

export const buildApp = async (config: Config, database: Database, options: AppOptions = {}) => {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream
              ? { stream: options.logStream }
              : { transport: process.stdout.isTTY && config.env !== 'production' ? { target: 'pino-pretty' } : undefined }),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // the URL without the secrets some callers put in it (the Pix webhook's path, Meta's verify token)
            serializers: { req: requestLogSerializer },
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // '/users/' is '/users', not '/users/:id' with an empty id (CONVENTIONS "The API's manners")
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  // every route part is read with the lenient copy of its shared schema (packages/shared/src/lenient.ts)
  app.setValidatorCompiler(({ schema, ...route }) => validatorCompiler({ ...route, schema: lenient(schema as ZodType) }));
  app.setSerializerCompiler(
    responseSerializer(config.env === 'test', (error, url) => app.log.error({ err: error, url }, 'an answer that does not match its schema')),
  );
  echoRequestId(app);
  registerErrorHandler(app);
  if (config.env === 'production' && database.kind === 'pglite') {
    app.log.warn(PGLITE_IN_PRODUCTION);
  }

  const { db } = database;
  const clock = options.clock ?? systemClock;
  const bus = createEventBus();
  const storage = createStorage(createObjectStore(config.storage, config.publicDir));
  const secrets = createSecretBox(config.secretsKey);
  // every call to an address a company typed goes through this one client
  // SMTP, the log (development) or off (config.ts): mail only ever leaves through the mail.send job
  const mailer = createMailer(config.mail, app.log);
  const outbound = createOutboundHttp({ addresses: 'company', allowed: config.outbound.allowedHosts, resolve: options.resolveHost });
  const tokens = createTokenService({
    accessSecret: config.jwtSecret,
    refreshSecret: config.jwtRefreshSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  // in Redis when configured, so every process of the deployment counts the same requests
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  const counters = failingOpen(redis ? createRedisCounters(redis, config.redisKeyPrefix) : createMemoryCounters(), app.log);
  const loginAttempts = createLoginAttempts({ counters, limits: config.loginThrottle, clock });
  const metrics = createMetrics({
    jobStats: () => jobStats(db),
    whatsappSessions: () => countWhatsappSessionsByStatus(db),
    // read at scrape time, when the realtime server below exists
    connectedSockets: () => realtime.io.of('/').sockets.size,
  });
  metrics.observeRequests(app);
  // PROCESS_ROLE (docs/operations.md "Roles"): a web process serves HTTP and sockets and enqueues
  // jobs, but runs none and holds no WhatsApp session; a worker runs the jobs and the sessions and
  // answers over HTTP only the operator's routes; both does everything
  const role = config.processRole;
  const runsWork = role !== 'web';
  if (role === 'worker') {
    const operatorRoutes = new Set(['/health', '/ready', '/metrics']);
    app.addHook('onRequest', async (request, reply) => {
      if (!operatorRoutes.has(request.url.split('?')[0])) return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
    });
  }

  // Helmet's headers are built once here: its Fastify plugin built them again, parsing the CSP, for
  // every request (about 1 % of the server's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the help videos (03-saas §2 Help page) are YouTube embeds with YouTube's thumbnails
        imgSrc: ["'self'", 'data:', 'blob:', 'https://img.youtube.com'],
        frameSrc: ['https://www.youtube.com'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20 } });
  registerUploadCleanup(app);
  await registerCompression(app);
  await registerStaticFiles(app, { publicDir: storage.objects.localDir, webDistDir: config.webDistDir });
  if (!storage.objects.localDir) registerBucketFiles(app, storage.objects);
  await registerRequestLimits(app, { counters, maxPerIp: config.rateLimit.maxPerIp, windowSeconds: config.rateLimit.windowSeconds });
  registerApiCors(app, config.apiCorsOrigins);
  await registerOpenApi(app);
  const apiKeys = createApiKeyAuthentication({ db, counters, limits: { maxPerKey: config.rateLimit.apiKeyMax, windowSeconds: config.rateLimit.windowSeconds } });
  registerAccessControl(app, { db, tokens, apiKeys });

  const usersService = createUsersService({ db, bus, storage });
  const settingsCache = createCompanySettingsCache(db);
  const settingsService = createSettingsService({ db, bus, storage, cache: settingsCache, serverDefaults: { signupTrialDays: String(config.signupTrialDays) } });
  const twoFactorService = createTwoFactorService({ db, secrets, clock, loginAttempts });
  const authService = createAuthService({ db, bus, tokens, loginAttempts, storage, twoFactor: twoFactorService });
  // the rules that follow a ticket's changes: inactivity while open, redirect while waiting, a
  // rotation's countdown ends once someone handles the ticket by hand, a rating before closing
  const ticketEvents = createTicketEvents();
  ticketEvents.onHandled(touchInactivity);
  ticketEvents.onHandled(startRedirectCountdown);
  ticketEvents.onHandled((tx, ticket) => stopRotationCountdown(tx, ticket.id));
  ticketEvents.onReplied(touchInactivity);
  ticketEvents.useRatingSteps(ratingSteps);
  ticketEvents.onTransferred(enqueueTransferSummary);
  const ticketsService = createTicketsService({ db, bus, clock, timeZone: config.timeZone, events: ticketEvents, settings: settingsCache });
  const messagesService = createMessagesService({ db, bus, storage, tickets: ticketsService, clock });
  const automation = createInboundAutomation({ clock, timeZone: config.timeZone, tickets: ticketsService });
  const flow = createConversationFlow({ clock, timeZone: config.timeZone, tickets: ticketsService, settings: settingsCache });
  // PGlite is one connection: its group commit has one lane
  const pipeline = createInboundPipeline({ db, tickets: ticketsService, automation, flow, metrics, lanes: database.kind === 'postgres' ? config.inboundLanes : 1 });
  app.decorate('inbound', pipeline);
  const whatsapp = createWhatsappChannel(
    { db, bus, storage, pipeline, tickets: ticketsService, clock, log: app.log, ffmpegPath: config.ffmpegPath },
    { ...options.whatsapp, timings: { leaseSeconds: config.whatsappLeaseSeconds, ...options.whatsapp?.timings }, sessionsElsewhere: !runsWork },
  );
  const bots = createBotApi(config.telegram.apiUrl);
  const connectionsService = createConnectionsService({
    db,
    bus,
    storage,
    closeTicketsOf: ticketsService.closeTicketsOfConnection,
    publishTicket: ticketsService.publishTicket,
    resetWhatsappSession: (companyId, connectionId) => whatsapp.sessions.command(companyId, connectionId, 'newQr'),
    findPrompt,
    // a deleted connection's channel lets go of it: only a bot's webhook points at this server
    releaseChannel: async (connection) => {
      if (connection.channel === 'telegram') await telegramBots.release(connection);
    },
  });
  const telegramBots = createTelegramBots({ bots, connections: connectionsService, secrets, publicUrl: config.publicUrl, log: app.log });
  // companies' own SMTP servers, reached under the same address rules as their URLs
  const smtpAccounts = createSmtpConnector(config.outbound.allowedHosts);

  const { rateLimit } = config;
  await app.register(
    authRoutes(authService, { refreshTtlSeconds: config.refreshTokenTtlSeconds, refreshLimit: routeLimit(rateLimit.refreshMaxPerIp, rateLimit.windowSeconds) }),
  );
  await app.register(sessionsRoutes(createSessionsService({ db, bus })));
  await app.register(usersRoutes(usersService));
  await app.register(twoFactorRoutes(twoFactorService));
  await app.register(
    invitationsRoutes(createInvitationsService({ db, bus, storage, clock, users: usersService, emailEnabled: mailer.enabled }), {
      linkLimit: routeLimit(rateLimit.signupMaxPerIp, rateLimit.windowSeconds),
    }),
  );
  await app.register(settingsRoutes(settingsService));
  const billCompanyIfDue = billIfDue({ clock, daysBeforeDue: config.invoiceDaysBeforeDue });
  const signupVerification = createSignupVerification({ db, clock, counters, emailEnabled: mailer.enabled });
  await app.register(
    companiesRoutes(createCompaniesService({ db, storage, clock, signupTrialDays: config.signupTrialDays, hashPassword, billIfDue: billCompanyIfDue, verification: signupVerification }), {
      signupLimit: routeLimit(rateLimit.signupMaxPerIp, rateLimit.windowSeconds),
    }),
  );
  await app.register(signupVerificationRoutes(signupVerification, { limit: routeLimit(rateLimit.signupMaxPerIp, rateLimit.windowSeconds) }));
  await app.register(plansRoutes(createPlansService({ db })));
  await app.register(queuesRoutes(createQueuesService({ db, bus })));
  await app.register(
    invoicesRoutes(createInvoicesService({ db, bus, clock, provider: createEfiPixProvider(config.pix, app.log), pix: config.pix, billIfDue: billCompanyIfDue })),
  );
  await app.register(connectionsRoutes(connectionsService));
  await app.register(contactsRoutes({ db, bus, checkWhatsappNumber: whatsapp.checkNumber }));
  await app.register(contactImportRoutes(createContactImportService({ db, bus, storage, clock })));
  await app.register(helpsRoutes(createHelpsService({ db })));
  await app.register(chatsRoutes(createChatsService({ db, bus })));
  await app.register(announcementsRoutes(createAnnouncementsService({ db, bus, storage })));
  await app.register(tagsRoutes(createTagsService({ db, bus })));
  await app.register(quickMessagesRoutes(createQuickMessagesService({ db, bus, storage })));
  await app.register(fileListsRoutes(createFileListsService({ db, bus, storage })));
  await app.register(contactListsRoutes(createContactListsService({ db, bus, storage })));
  await app.register(schedulesRoutes(createSchedulesService({ db, bus, storage, timeZone: config.timeZone })));
  await app.register(campaignsRoutes(createCampaignsService({ db, bus, storage, clock }), createCampaignSettingsService({ db })));
  await app.register(promptsRoutes(createPromptsService({ db, bus, secrets })));
  await app.register(knowledgeRoutes(createKnowledgeService({ db })));
  const copilot = createCopilotService({ db, secrets, ai: config.ai, clock, tickets: ticketsService });
  await app.register(copilotRoutes(copilot));
  await app.register(integrationsRoutes(createIntegrationsService({ db, bus, secrets, outbound, dialogflow: createDialogflowClient(config.integrations) })));
  await app.register(webhooksRoutes(createWebhooksService({ db, secrets, outbound, requireHttps: config.env === 'production' })));
  await app.register(ticketsRoutes(ticketsService));
  await app.register(kanbanRoutes(createKanbanService({ db, bus, clock, tickets: ticketsService })));
  await app.register(ticketNotesRoutes(createTicketNotesService({ db, tickets: ticketsService })));
  await app.register(messagesRoutes(messagesService));
  await app.register(dashboardRoutes(createDashboardService({ db, clock })));
  await app.register(reportsRoutes(createReportsService({ db, slaFiguresOf: (companyId, period) => slaFigures(db, companyId, period) })));
  await app.register(panelRoutes(createPanelService({ db, clock })));
  await app.register(messagesApiRoutes(createMessagesApiService({ db, storage, tickets: ticketsService, clock, timeZone: config.timeZone }), { maxPerToken: rateLimit.messagesApiMaxPerToken, windowSeconds: rateLimit.windowSeconds }));
  await app.register(sandboxRoutes({ sandbox: createSandboxService({ db }), pipeline, connections: connectionsService }));
  const graph = createGraphClient(config.meta.graphUrl);
  const metaChannels = { db, pipeline, connections: connectionsService, graph, storage, secrets: config.meta, log: app.log };
  await app.register(cloudRoutes(metaChannels));
  await app.register(pagesRoutes({ ...metaChannels, appId: config.meta.appId }));
  await app.register(telegramRoutes({ db, bots: telegramBots, log: app.log }));
  await app.register(
    emailRoutes({ connections: createEmailConnections({ connections: connectionsService, secrets, smtp: smtpAccounts, inboundDomain: config.inboundEmail.domain }) }),
  );
  const webchatLimits = options.webchatLimits ?? DEFAULT_WEBCHAT_LIMITS;
  await app.register(
    webchatRoutes({
      visitors: createWebchatVisitors({ db, pipeline, counters, clock, timeZone: config.timeZone, settings: settingsCache, storage, limits: webchatLimits }),
      connections: connectionsService,
      // every widget call of one address, page loads included; the messages have their own caps
      visitorLimit: routeLimit(webchatLimits.messagesPerConnection, webchatLimits.windowSeconds),
      webDistDir: config.webDistDir,
    }),
  );
  await app.register(whatsapp.routes);
  await app.register(apiKeysRoutes(createApiKeysService({ db })));
  await app.register(auditRoutes(createAuditService({ db })));
  await app.register(
    automationRoutes(
      createAutomationService({ db, clock, timeZone: config.timeZone }),
      createMacrosService({ db, clock, timeZone: config.timeZone, tickets: ticketsService, log: app.log }),
    ),
  );
  await app.register(slaRoutes(createSlaService({ db })));
  await app.register(mailRoutes(mailer));
  await app.register(passwordResetRoutes(createPasswordResetService({ db, bus, clock, counters, limits: config.passwordReset, emailEnabled: mailer.enabled })));
  await app.register(failedJobsRoutes(createFailedJobsService({ db })));
  await app.register(
    operationsRoutes({
      probes: {
        database: () => pingDatabase(db),
        migrations: async () => {
          const pending = await countPendingMigrations(db);
          if (pending > 0) throw new Error(`${pending} migrations not applied`);
        },
        ...(redis ? { redis: async () => void (await redis.ping()) } : {}),
        ...(storage.objects.driver === 's3' ? { storage: storage.objects.check } : {}),
      },
      metrics,
      metricsToken: config.metricsToken,
    }),
  );
  await app.register(apiDocsRoutes);

  const realtime = await createRealtime({
    // a worker holds no sockets: its events go to the web processes' through the Redis adapter
    httpServer: role === 'worker' ? undefined : app.server,
    db,
    tokens,
    bus,
    redisUrl: config.redisUrl,
    redisStreamName: config.redisStreamName,
    hooks: { onUserStatus: usersService.setOnline, canJoinTicket: ticketsService.canJoin },
  });
  const webchatLive = createWebchatLive(realtime.io, { db, bus, pipeline });
  await app.register(webchatTypingRoutes({ typing: createWebchatTyping({ db, tickets: ticketsService, live: webchatLive }), limit: routeLimit(120, 60) }));
  const jobs = createJobRunner({
    db,
    clock,
    log: app.log,
    settings: config.jobs,
    listen: database.listen,
    claimWhere: notOwnedElsewhere(whatsapp.sessions.owner),
    onJobEnded: metrics.countJobRun,
  });
  registerOutboundMessageJob(jobs, {
    db,
    tickets: ticketsService,
    providers: countingSends(
      {
        sandbox: sandboxProvider,
        whatsapp: whatsapp.provider,
        whatsappapi: watchingCredentials(createCloudProvider({ db, graph, storage, clock }), connectionsService),
        facebook: watchingCredentials(createPagesProvider('facebook', { db, graph, clock, publicUrl: config.publicUrl }), connectionsService),
        instagram: watchingCredentials(createPagesProvider('instagram', { db, graph, clock, publicUrl: config.publicUrl }), connectionsService),
        telegram: watchingCredentials(createTelegramProvider({ db, bots, storage, secrets }), connectionsService),
        email: watchingCredentials(createEmailProvider({ db, storage, secrets, smtp: smtpAccounts }), connectionsService),
        webchat: createWebchatProvider({ db, live: webchatLive }),
      },
      metrics,
    ),
    log: app.log,
  });
  whatsapp.registerJobs(jobs);
  registerTelegramUpdateJob(jobs, { db, pipeline, bots, storage, secrets, log: app.log });
  registerEmailMailJob(jobs, { db, pipeline, storage, log: app.log });
  registerTicketTimerJobs(jobs, { clock, timeZone: config.timeZone, tickets: ticketsService });
  registerQueueAssignmentJob(jobs, { tickets: ticketsService });
  registerTicketCountsFoldJob(jobs, { clock });
  registerFolderStatsJob(jobs, { storage, clock });
  registerUnverifiedSignupsSweepJob(jobs, { db, clock, storage });
  registerInvoiceSweepJob(jobs, { clock, daysBeforeDue: config.invoiceDaysBeforeDue });
  registerLaneTimerJob(jobs, { clock, timeZone: config.timeZone, tickets: ticketsService });
  registerContactListNumberCheckJob(jobs, { db, bus, checkWhatsappNumber: whatsapp.checkNumber });
  registerContactListImportJob(jobs, { db, bus, storage });
  registerContactImportJobs(jobs, { db, bus, storage });
  registerScheduleSendJob(jobs, { clock, timeZone: config.timeZone, bus, tickets: ticketsService });
  registerCampaignJobs(jobs, { db, clock, timeZone: config.timeZone, bus, tickets: ticketsService, log: app.log });
  registerPromptReplyJob(jobs, {
    db,
    storage,
    secrets,
    ai: config.ai,
    speech: createAzureSpeech({ speechUrl: config.ai.speechUrl, timeoutMs: config.ai.timeoutMs }),
    tickets: ticketsService,
  });
  registerTransferSummaryJob(jobs, { db, copilot, tickets: ticketsService });
  registerKnowledgeIntakeJob(jobs, { db, bus, storage, clock, pdfLimits: config.knowledgePdf });
  registerIntegrationReplyJob(jobs, { db, storage, secrets, clock, settings: config.integrations, outbound, tickets: ticketsService });
  registerWebhookDeliveryJob(jobs, { db, bus, clock, secrets, outbound });
  registerMailSendJob(jobs, { mailer, config: config.mail, brandingOf: mailBrandingOf(db) });
  registerPasswordResetRequestJob(jobs, { clock });
  registerWebhookPruneJob(jobs, { db, clock, retentionDays: config.webhookDeliveryRetentionDays });
  registerAuditPruneJob(jobs, { db, clock, retentionDays: config.auditLogRetentionDays });
  registerAiCallsPruneJob(jobs, { db, clock, retentionMonths: config.aiCallsRetentionMonths });
  registerAutomationJobs(jobs, { db, clock, timeZone: config.timeZone, tickets: ticketsService, log: app.log });
  registerSlaJobs(jobs, { bus, clock, timeZone: config.timeZone });
  app.decorate('jobs', jobs);
  const inboundSmtp: { receiver?: InboundSmtp } = {};
  app.decorate('inboundSmtp', inboundSmtp);
  app.addHook('onReady', async () => {
    await settingsCache.start(database.listen);
    // a web process runs no job; its WhatsApp channel hands sessions and read receipts to the workers
    if (runsWork) await jobs.start();
    await whatsapp.start();
    // the email channel's receiver of forwarded mail, in the processes that run work (one per host)
    const { inboundEmail } = config;
    if (runsWork && inboundEmail.port !== undefined && inboundEmail.domain) {
      inboundSmtp.receiver = await startInboundSmtp({ db, storage, log: app.log, port: inboundEmail.port, host: inboundEmail.host, domain: inboundEmail.domain, maxBytes: inboundEmail.maxBytes });
    }
  });
  // jobs first: a send under way still needs its WhatsApp socket
  // a shutdown goes on when the database has gone away under the process (a SIGTERM then is how
  // the operator recovers), so each step's failure is logged instead of ending the close half-way
  app.addHook('preClose', async () => {
    // a client that stops reading an answer keeps its connection busy, and the HTTP server's close
    // waits for every busy one: past the jobs' grace it is cut, so no caller can hold a shutdown
    setTimeout(() => app.server.closeAllConnections(), config.jobs.shutdownMs).unref();
    await inboundSmtp.receiver?.close();
    await jobs.stop().catch((error: unknown) => app.log.error({ err: error }, 'stopping the job runner failed'));
    mailer.close();
    await whatsapp.stop().catch((error: unknown) => app.log.error({ err: error }, 'stopping the WhatsApp sessions failed'));
    realtime.dropSockets();
  });
  app.addHook('onClose', async () => {
    webchatLive.stop();
    await realtime.close().catch(() => undefined);
    await settingsCache.stop().catch(() => undefined);
    await redis?.close().catch(() => undefined);
  });

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
