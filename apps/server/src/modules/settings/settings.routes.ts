import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionBody } from '@atende/shared/auth';
import { BRANDING_IMAGE_MAX_BYTES, type CompanySettingKey, type GlobalSettingKey } from '@atende/shared/settings';
import {
  companySettingOneQuery,
  companySettingUpdateBody,
  globalSettingKeyParam,
  globalSettingUpdateBody,
  publicSettingKeyParam,
  WHITELABEL_FILE_FIELD,
  whitelabelLoginFields,
  whitelabelLoginModes,
  whitelabelLogoFields,
  whitelabelLogoModes,
} from '@atende/shared/settings-schemas';
import { idParam } from '@atende/shared/validation';
import { parseFormFields, readSingleUpload } from '../../platform/uploads.ts';
import type { SettingsService } from './settings.service.ts';

// Company settings, global settings and the front-end version (01-core §7, 03-saas §7).
export const settingsRoutes = (service: SettingsService): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/companySettings/:companyId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ companyId: idParam }) } },
    async (request) => ({
      companyId: request.params.companyId,
      ...(await service.companySettings(request.tenant, request.params.companyId)),
    }),
  );

  app.get(
    '/companySettingOne',
    { config: { access: 'tenant' }, schema: { querystring: companySettingOneQuery } },
    async (request) => {
      const key = request.query.column as CompanySettingKey;
      const settings = await service.companySettings(request.tenant, request.tenant.companyId);
      return { [key]: settings[key] };
    },
  );

  app.put(
    '/companySettings',
    { config: { access: 'tenant', permission: 'settings:manage' }, schema: { body: companySettingUpdateBody } },
    async (request) => ({
      companyId: request.tenant.companyId,
      ...(await service.updateCompanySetting(request.tenant, request.body.column as CompanySettingKey, request.body.data)),
    }),
  );

  app.get('/settings', { config: { access: 'super' } }, () => service.globalSettings());

  app.put(
    '/settings/:key',
    { config: { access: 'super' }, schema: { params: globalSettingKeyParam, body: globalSettingUpdateBody } },
    (request) => service.updateGlobalSetting(request.params.key as GlobalSettingKey, request.body.value),
  );

  app.get('/setting/:key', { config: { access: 'tenant' }, schema: { params: globalSettingKeyParam } }, (request) =>
    service.globalSetting(request.params.key as GlobalSettingKey),
  );

  // only the settings the login and sign-up pages show (publicSettingKeys)
  app.get('/public-settings/:key', { config: { access: 'public' }, schema: { params: publicSettingKeyParam } }, (request) =>
    service.globalSetting(request.params.key),
  );

  // multipart typeArch, mode and file; the answer is the stored file name, as a JSON string
  const whitelabelUploads = [
    { path: '/settings-whitelabel/logo', fields: whitelabelLogoFields, keys: whitelabelLogoModes },
    { path: '/settings-whitelabel/login', fields: whitelabelLoginFields, keys: whitelabelLoginModes },
  ] as const;
  for (const upload of whitelabelUploads) {
    app.post(upload.path, { config: { access: 'super' } }, async (request, reply) => {
      const { fields, ...file } = await readSingleUpload(request, { field: WHITELABEL_FILE_FIELD, maxBytes: BRANDING_IMAGE_MAX_BYTES });
      const { mode } = parseFormFields(upload.fields, fields);
      const name = await service.uploadBrandingImage(upload.keys[mode as keyof typeof upload.keys], file);
      return reply.type('application/json').send(JSON.stringify(name));
    });
  }

  app.get('/version', { config: { access: 'public' } }, () => service.frontendVersion());

  // every company reads this one version, so only the super admin sets it
  app.post('/version', { config: { access: 'super' }, schema: { body: versionBody } }, (request) =>
    service.recordFrontendVersion(request.body.version),
  );
};
