import { z } from 'zod';
import { versionBody } from './auth.ts';
import { defineEndpoint } from './contract.ts';
import { idParam } from './validation.ts';
import {
  APP_NAME_MAX_LENGTH,
  MAX_SIGNUP_TRIAL_DAYS,
  SUPPORT_CONTACT_MAX_LENGTH,
  brandingFileName,
  companySettingKeys,
  globalSettingKeys,
  publicSettingKeys,
  type BrandingImageKey,
  type CompanySettingKey,
  type GlobalSettingKey,
} from './settings.ts';

export const companySettingUpdateBody = z.strictObject({
  column: z.enum(companySettingKeys as [string, ...string[]]),
  data: z.string().max(5000),
});
export type CompanySettingUpdateBody = z.infer<typeof companySettingUpdateBody>;

export const companySettingOneQuery = z.strictObject({
  column: z.enum(companySettingKeys as [string, ...string[]]),
});

export const globalSettingKeyParam = z.strictObject({ key: z.enum(globalSettingKeys as [string, ...string[]]) });
export const publicSettingKeyParam = z.strictObject({ key: z.enum(publicSettingKeys) });
export const globalSettingUpdateBody = z.strictObject({ value: z.string().max(2000) });

export const settingRow = z.object({ key: z.string(), value: z.string() }).meta({ id: 'GlobalSetting' });
export type SettingRow = z.infer<typeof settingRow>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidColor');
const appName = z.string().trim().max(APP_NAME_MAX_LENGTH, 'validation.tooLong');
const brandingImage = z.union([z.literal(''), z.string().regex(brandingFileName, 'validation.invalidChoice')]);

// The value each global setting takes (03-saas §3 Global settings); PUT /settings/{key} checks it.
const signupTrialDays = z.string().trim().regex(/^\d{1,4}$/, 'validation.invalidNumber').refine((days) => Number(days) <= MAX_SIGNUP_TRIAL_DAYS, 'validation.invalidNumber');
const supportContact = z.string().trim().max(SUPPORT_CONTACT_MAX_LENGTH, 'validation.tooLong');
const userCreation = z.enum(['enabled', 'disabled'], { error: 'validation.invalidChoice' });

export const globalSettingValues: Record<GlobalSettingKey, z.ZodType<string>> = {
  userCreation,
  signupTrialDays,
  supportContact,
  twoFactorRequiredForAdmins: userCreation,
  primaryColorLight: hexColor,
  primaryColorDark: hexColor,
  appName,
  appLogoLight: brandingImage,
  appLogoDark: brandingImage,
  appLogoFavicon: brandingImage,
  loginEnterImage: brandingImage,
  loginRegisterImage: brandingImage,
};

// The super admin's platform settings: whether the public sign-up is open and the trial it gives
// (issue 35 point 6), and whom companies contact about billing (issue 35 point 5); whether every
// company's admins must sign in with a second factor (issue 38 point 4).
export const platformSettingsForm = z.strictObject({ userCreation, signupTrialDays, supportContact, twoFactorRequiredForAdmins: userCreation });
export type PlatformSettingsForm = z.infer<typeof platformSettingsForm>;

// The Whitelabel tab's text fields (03-saas §2), one form each.
export const whitelabelForm = z.strictObject({
  appName,
  primaryColorLight: hexColor,
  primaryColorDark: hexColor,
});
export type WhitelabelForm = z.infer<typeof whitelabelForm>;

// POST /settings-whitelabel/logo and /login (03-saas §7): multipart typeArch, mode and file. The
// route decides where the file goes, so typeArch is only read; mode names the image it replaces.
export const whitelabelLogoModes = { light: 'appLogoLight', dark: 'appLogoDark', favicon: 'appLogoFavicon' } as const satisfies Record<string, BrandingImageKey>;
export const whitelabelLoginModes = { enter: 'loginEnterImage', register: 'loginRegisterImage' } as const satisfies Record<string, BrandingImageKey>;
export type WhitelabelLogoMode = keyof typeof whitelabelLogoModes;
export type WhitelabelLoginMode = keyof typeof whitelabelLoginModes;

const uploadFields = <M extends string>(modes: readonly [M, ...M[]]) =>
  z.strictObject({
    typeArch: z.string().max(50).optional(),
    // 'Light' and 'light' alike
    mode: z.string().trim().toLowerCase().pipe(z.enum(modes)),
  });
export const whitelabelLogoFields = uploadFields(Object.keys(whitelabelLogoModes) as [WhitelabelLogoMode, ...WhitelabelLogoMode[]]);
export const whitelabelLoginFields = uploadFields(Object.keys(whitelabelLoginModes) as [WhitelabelLoginMode, ...WhitelabelLoginMode[]]);
export const WHITELABEL_FILE_FIELD = 'file';

// every company setting by its key, as GET /companySettings/{companyId} and PUT /companySettings answer them
const companySettingShape = Object.fromEntries(companySettingKeys.map((key) => [key, z.string()])) as Record<CompanySettingKey, z.ZodString>;
export const companySettingsAnswer = z.object({ companyId: z.number().int(), ...companySettingShape }).meta({ id: 'CompanySettings' });
const versionAnswer = z.object({ version: z.string() }).meta({ id: 'FrontendVersion' });

// 01-core §7 and 03-saas §7 settings calls. The whitelabel image uploads stay plain routes: they
// take a multipart form, which a JSON body schema cannot describe.
// the body is multipart (typeArch, mode, then the image in file), read by the route; the answer
// is the stored file's name, as a JSON string
const whitelabelUpload = (path: string, operationId: string, summary: string) =>
  defineEndpoint({ method: 'POST', path, response: z.string(), operationId, summary, errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], 413: ['ERR_FILE_TOO_LARGE'] } });

export const settingsEndpoints = {
  uploadWhitelabelLogo: whitelabelUpload('/settings-whitelabel/logo', 'uploadWhitelabelLogo', 'Stores a logo of the platform (mode Light, Dark or Favicon); multipart'),
  uploadWhitelabelLoginImage: whitelabelUpload('/settings-whitelabel/login', 'uploadWhitelabelLoginImage', 'Stores an image of the sign-in or sign-up page (mode Enter or Register); multipart'),
  company: defineEndpoint({
    method: 'GET',
    path: '/companySettings/:companyId',
    params: z.strictObject({ companyId: idParam }),
    response: companySettingsAnswer,
    operationId: 'listCompanySettings',
    summary: "Every setting of the company (its own, or any for the super admin)",
    errors: { 404: ['ERR_NO_SETTING_FOUND'] },
  }),
  companyOne: defineEndpoint({
    method: 'GET',
    path: '/companySettingOne',
    query: companySettingOneQuery,
    response: z.object(companySettingShape).partial().meta({ id: 'CompanySettingOne' }),
    operationId: 'showCompanySetting',
    summary: "One setting of the caller's company, as { column: value }",
  }),
  updateCompany: defineEndpoint({
    method: 'PUT',
    path: '/companySettings',
    body: companySettingUpdateBody.meta({ id: 'CompanySettingUpdateBody' }),
    response: companySettingsAnswer,
    operationId: 'updateCompanySetting',
    summary: "Changes one setting of the caller's company; answers them all",
  }),
  global: defineEndpoint({ method: 'GET', path: '/settings', response: z.array(settingRow), operationId: 'listGlobalSettings', summary: 'Every platform setting (super admin)' }),
  updateGlobal: defineEndpoint({
    method: 'PUT',
    path: '/settings/:key',
    params: globalSettingKeyParam,
    body: globalSettingUpdateBody.meta({ id: 'GlobalSettingUpdateBody' }),
    response: settingRow,
    operationId: 'updateGlobalSetting',
    summary: 'Changes one platform setting (super admin)',
  }),
  globalOne: defineEndpoint({ method: 'GET', path: '/setting/:key', params: globalSettingKeyParam, response: settingRow, operationId: 'showGlobalSetting', summary: 'One platform setting' }),
  publicOne: defineEndpoint({
    method: 'GET',
    path: '/public-settings/:key',
    params: publicSettingKeyParam,
    response: settingRow,
    operationId: 'showPublicSetting',
    summary: 'One platform setting the login and sign-up pages show, without a session',
  }),
  version: defineEndpoint({ method: 'GET', path: '/version', response: versionAnswer, operationId: 'showFrontendVersion', summary: 'The web build last confirmed by the super admin' }),
  recordVersion: defineEndpoint({ method: 'POST', path: '/version', body: versionBody, response: versionAnswer, operationId: 'recordFrontendVersion', summary: 'Records the web build every browser is offered (super admin)' }),
};
