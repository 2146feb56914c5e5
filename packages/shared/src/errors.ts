// The spec's error catalogue (01-core §8, 03-saas §8) plus the few generic codes the
// platform itself answers with. The server sends `{ error: code }`; the web translates it.
export const errorCodes = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  // a sign-in of the user's that is not open, or not the user's (issue 38 point 5)
  'ERR_NO_SESSION_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  // Platform codes not named by the spec (its generic error bodies are "not shown").
  'ERR_SUBSCRIPTION_OVERDUE',
  // 401: a call that needs a bearer token came without one (an expired one is ERR_SESSION_EXPIRED)
  'ERR_TOKEN_MISSING',
  // 403: the user signed in with a generated first password and must choose its own first
  'ERR_PASSWORD_CHANGE_REQUIRED',
  // issue 38 point 4, two-factor sign-in: 403 the company (or, for an admin, the platform)
  // requires it and the user must enrol before anything else; 401 a sign-in's challenge that is
  // forged or older than five minutes; a wrong or already used code or recovery code; enrolment
  // asked in the wrong state; 409 turning it off where it is required
  'ERR_TWO_FACTOR_ENROLLMENT_REQUIRED',
  'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
  'ERR_INVALID_TWO_FACTOR_CODE',
  'ERR_TWO_FACTOR_ALREADY_ENABLED',
  'ERR_TWO_FACTOR_NOT_STARTED',
  'ERR_TWO_FACTOR_NOT_ENABLED',
  'ERR_TWO_FACTOR_REQUIRED',
  'ERR_REQUIRED_TAG',
  'ERR_DELETE_CLOSED_TICKET',
  'ERR_INVALID_TRANSITION',
  'ERR_QUEUE_REQUIRED',
  'ERR_TICKET_NOT_OPEN',
  'ERR_EDIT_WINDOW_EXPIRED',
  'ERR_NO_MESSAGE_FOUND',
  'ERR_NO_NOTE_FOUND',
  'ERR_NO_CHAT_FOUND',
  'ERR_NO_ANNOUNCEMENT_FOUND',
  'ERR_NO_SCHEDULE_FOUND',
  'ERR_NO_CONTACT_LIST_FOUND',
  'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  'ERR_NO_CONTACT_IMPORT_FOUND',
  'ERR_NO_CAMPAIGN_FOUND',
  // 02-operations §4 Campaign status: editing outside INATIVA, CANCELADA or PROGRAMADA more than
  // an hour ahead; cancel outside EM_ANDAMENTO; restart outside CANCELADA
  'ERR_CAMPAIGN_NOT_EDITABLE',
  'ERR_CAMPAIGN_NOT_RUNNING',
  'ERR_CAMPAIGN_NOT_CANCELLED',
  // an .xls spreadsheet (the old binary format): save it as .xlsx or .csv
  'ERR_XLS_NOT_SUPPORTED',
  // a spreadsheet read whole with no row holding a contact (only a header, or empty rows)
  'ERR_NO_CONTACTS_IN_FILE',
  'ERR_PLAN_USER_LIMIT',
  'ERR_PLAN_CONNECTION_LIMIT',
  'ERR_PLAN_QUEUE_LIMIT',
  'ERR_OUTSIDE_24H_WINDOW',
  'ERR_CONNECTION_IN_USE',
  'ERR_DUPLICATED_EMAIL',
  // a plan some company still uses cannot be deleted
  'ERR_PLAN_IN_USE',
  // a file list that a queue or a chatbot option names is not deleted (02-operations §7 File lists)
  'ERR_FILE_LIST_IN_USE',
  // company 1, the platform's own, is never deleted (03-saas §3: it never expires)
  'ERR_COMPANY_PROTECTED',
  // a failed job cannot be retried: a newer one of its kind and key is already queued
  'ERR_JOB_SUPERSEDED',
  // 03-saas invoices and the Pix checkout
  'ERR_NO_INVOICE_FOUND',
  'ERR_INVOICE_ALREADY_PAID',
  // 502: the payment provider refused or did not answer; 503: no provider is configured
  'ERR_PAYMENT_PROVIDER',
  'ERR_PAYMENT_NOT_CONFIGURED',
  // POST /queueIntegration/testSession: Dialogflow refused the service account or did not answer
  'ERR_INTEGRATION_TEST_FAILED',
  // 400: a URL a company typed points at an internal address (loopback, private, link-local, cloud
  // metadata…) that the operator did not allow; also the reason in an integration's failure note
  'ERR_OUTBOUND_ADDRESS_REFUSED',
  // issue 41: a channel that needs this server's public address (a Telegram bot's webhook) while
  // PUBLIC_URL is unset; a channel's service that did not answer while a connection was being made
  'ERR_PUBLIC_URL_MISSING',
  'ERR_CHANNEL_UNREACHABLE',
  // a message the channel refused for its recipient: a Telegram customer blocked the bot, or the
  // chat is unknown to it (a bot writes only to chats that wrote to it first)
  'ERR_CONTACT_UNREACHABLE',
  // issue 38 point 3: a mailed link (invitation, sign-up verification) that is forged, used or
  // expired; a sign-up whose email is not verified yet; a mail-sending feature while email is off
  'ERR_INVALID_TOKEN',
  'ERR_EMAIL_NOT_VERIFIED',
  'ERR_EMAIL_DISABLED',
  // issue 42, the copilot: the company has no key for it; the plan's monthly AI tokens are spent;
  // the model did not answer in time or answered an error; it refused or answered nothing usable
  'ERR_AI_NOT_CONFIGURED',
  'ERR_AI_LIMIT_REACHED',
  'ERR_AI_UNAVAILABLE',
  'ERR_AI_REFUSED',
  'ERR_VALIDATION',
  'ERR_INVALID_JSON',
  'ERR_INVALID_FILE',
  // an image that does not decode or declares more pixels than the server decodes
  'ERR_INVALID_IMAGE',
  'ERR_FILE_TOO_LARGE',
  // the file store (an S3 bucket) did not answer or refused the server's credentials; nothing was stored
  'ERR_STORAGE_UNAVAILABLE',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_NOT_FOUND',
  'ERR_INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type ValidationIssue = { path: string; message: string };

export type ErrorBody = {
  // a code of the catalogue, or, for the ticket conflict of 01-core §4, a JSON string
  error: ErrorCode | string;
  code?: ErrorCode;
  // present on ERR_VALIDATION
  fields?: ValidationIssue[];
  // present on ERR_SUBSCRIPTION_OVERDUE: the company's due date (YYYY-MM-DD); an admin's refused
  // sign-in also carries a session that reaches only the invoices (invoices.ts OverdueSignIn)
  dueDate?: string;
  requestId?: string;
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
