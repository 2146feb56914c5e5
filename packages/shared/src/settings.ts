// Company settings keys (03-saas §3, 01-core §3) and global settings (03-saas §3) with defaults.
export const companySettingDefaults = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  DirectTicketsToWallets: 'disabled',
  closeTicketOnTransfer: 'disabled',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
  showNotificationPending: 'disabled',
  campaignsEnabled: 'disabled',
  // the first-steps checklist on the dashboard (issue 35 point 13; not in the spec): an admin
  // dismisses it there and can bring it back here
  onboardingChecklist: 'enabled',
  // every user of the company signs in with a second factor; one who has not turned it on is
  // made to before anything else (issue 38 point 4)
  twoFactorRequired: 'disabled',
  // one sign-in per user, a newer one ending the others (01-core §4 Session); 'disabled' lets a
  // user stay signed in on several devices (issue 38 point 5), up to MAX_OPEN_SESSIONS
  singleSession: 'enabled',
  // the display name of the company's mails (issue 38 point 1), sent from the operator's address;
  // '' uses the operator's name, else the platform's
  emailSenderName: '',
  // appended to every attendant answer an email connection sends, in its text and HTML parts,
  // not to the message shown in the chat (issue 41 point 2); '' sends none
  emailSignature: '',
} as const;

export type CompanySettingKey = keyof typeof companySettingDefaults;
export type CompanySettings = Record<CompanySettingKey, string>;
export const companySettingKeys = Object.keys(companySettingDefaults) as CompanySettingKey[];

// Keys whose value is free text; every other key takes one of its listed values.
export const companySettingChoices: Partial<Record<CompanySettingKey, readonly string[]>> = {
  scheduleType: ['disabled', 'queue', 'company', 'connection'],
  // 03-saas §3 names one type: the chatbot's menus go out as text
  chatBotType: ['text'],
};
export const companyTextSettingKeys: readonly CompanySettingKey[] = [
  'lgpdMessage',
  'lgpdLink',
  'transferMessage',
  'greetingAcceptedMessage',
  'AcceptCallWhatsappMessage',
  'sendQueuePositionMessage',
  'emailSenderName',
  'emailSignature',
];
// the longest a free-text setting may be, where a shorter limit than the body's makes sense
export const EMAIL_SIGNATURE_MAX_LENGTH = 1000;
export const companyTextSettingMaxLength: Partial<Record<CompanySettingKey, number>> = { emailSignature: EMAIL_SIGNATURE_MAX_LENGTH };

export const globalSettingDefaults = {
  userCreation: 'disabled',
  // days from a public sign-up to the new company's due date (issue 35 point 6; not in the spec):
  // '' falls back to the server's SIGNUP_TRIAL_DAYS, which GET /settings then answers
  signupTrialDays: '',
  // whom a company contacts about billing when it cannot pay in the product (issue 35 point 5):
  // free text (an email, a phone, a link), shown on the invoices and overdue pages
  supportContact: '',
  // every company's admins sign in with a second factor (issue 38 point 4), as twoFactorRequired
  // asks of a company's users
  twoFactorRequiredForAdmins: 'disabled',
  primaryColorLight: '#065183',
  primaryColorDark: '#065183',
  appName: '',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  loginEnterImage: '',
  loginRegisterImage: '',
} as const;

export type GlobalSettingKey = keyof typeof globalSettingDefaults;
export const globalSettingKeys = Object.keys(globalSettingDefaults) as GlobalSettingKey[];

// What GET /public-settings/{key} answers without a token: what the login and sign-up pages show.
// Listed by name, so a global setting added later is not public unless it is added here.
export const publicSettingKeys = [
  'userCreation',
  // the sign-up page names the trial it gives
  'signupTrialDays',
  // the overdue page shows it to a company that cannot sign in
  'supportContact',
  'primaryColorLight',
  'primaryColorDark',
  'appName',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
  'loginEnterImage',
  'loginRegisterImage',
] as const satisfies readonly GlobalSettingKey[];
export type PublicSettingKey = (typeof publicSettingKeys)[number];
export const isPublicSettingKey = (key: string): key is PublicSettingKey => (publicSettingKeys as readonly string[]).includes(key);

// The whitelabel images (03-saas §2 Whitelabel tab): each holds the generated name of one file
// under /public/branding/, or '' for the product's default.
export const brandingImageKeys = ['appLogoLight', 'appLogoDark', 'appLogoFavicon', 'loginEnterImage', 'loginRegisterImage'] as const satisfies readonly GlobalSettingKey[];
export type BrandingImageKey = (typeof brandingImageKeys)[number];
export const isBrandingImageKey = (key: string): key is BrandingImageKey => (brandingImageKeys as readonly string[]).includes(key);
export const BRANDING_FOLDER = 'branding';
export const BRANDING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const brandingFileName = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;
export const brandingFileUrl = (name: string) => (brandingFileName.test(name) ? `/public/${BRANDING_FOLDER}/${name}` : '');
export const APP_NAME_MAX_LENGTH = 50;
export const MAX_SIGNUP_TRIAL_DAYS = 3650;
export const SUPPORT_CONTACT_MAX_LENGTH = 200;

export const brandingFallbacks = {
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
  appName: 'O Plano',
} as const;
