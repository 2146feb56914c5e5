import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRANDING_IMAGE_MAX_BYTES, type CompanySettingKey, type GlobalSettingKey } from '@atende/shared/settings';
import { settingsEndpoints, WHITELABEL_FILE_FIELD, whitelabelLoginFields, whitelabelLoginModes, whitelabelLogoFields, whitelabelLogoModes } from '@atende/shared/settings-schemas';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { parseFormFields, readSingleUpload } from '../../platform/uploads.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { SettingsService } from './settings.service.ts';

// Company settings, global settings and the front-end version (01-core §7, 03-saas §7).
export const settingsRoutes = (service: SettingsService): FastifyPluginAsyncZod => async (app) => {
  endpointRoute(app, settingsEndpoints.company, { access: 'tenant' }, async ({ params }, request) => ({
    companyId: params.companyId,
    ...(await service.companySettings(request.tenant, params.companyId)),
  }));

  endpointRoute(app, settingsEndpoints.companyOne, { access: 'tenant' }, async ({ query }, request) => {
    const key = query.column as CompanySettingKey;
    const settings = await service.companySettings(request.tenant, request.tenant.companyId);
    return { [key]: settings[key] };
  });

  endpointRoute(app, settingsEndpoints.updateCompany, { access: 'tenant', permission: 'settings:manage' }, async ({ body }, request) => ({
    companyId: request.tenant.companyId,
    ...(await service.updateCompanySetting(request.tenant, body.column as CompanySettingKey, body.data, requestActor(request))),
  }));

  endpointRoute(app, settingsEndpoints.global, { access: 'super' }, () => service.globalSettings());

  endpointRoute(app, settingsEndpoints.updateGlobal, { access: 'super' }, ({ params, body }, request) =>
    service.updateGlobalSetting(params.key as GlobalSettingKey, body.value, requestActor(request)),
  );

  endpointRoute(app, settingsEndpoints.globalOne, { access: 'tenant' }, ({ params }) => service.globalSetting(params.key as GlobalSettingKey));

  // only the settings the login and sign-up pages show (publicSettingKeys)
  endpointRoute(app, settingsEndpoints.publicOne, { access: 'public' }, ({ params }) => service.globalSetting(params.key));

  // multipart typeArch, mode and file; the answer is the stored file name
  const whitelabelUploads = [
    { endpoint: settingsEndpoints.uploadWhitelabelLogo, fields: whitelabelLogoFields, keys: whitelabelLogoModes },
    { endpoint: settingsEndpoints.uploadWhitelabelLoginImage, fields: whitelabelLoginFields, keys: whitelabelLoginModes },
  ] as const;
  for (const upload of whitelabelUploads) {
    endpointRoute(app, upload.endpoint, { access: 'super' }, async (_input, request) => {
      const { fields, ...file } = await readSingleUpload(request, { field: WHITELABEL_FILE_FIELD, maxBytes: BRANDING_IMAGE_MAX_BYTES });
      const { mode } = parseFormFields(upload.fields, fields);
      return service.uploadBrandingImage(upload.keys[mode as keyof typeof upload.keys], file, requestActor(request));
    });
  }

  endpointRoute(app, settingsEndpoints.version, { access: 'public' }, () => service.frontendVersion());

  // every company reads this one version, so only the super admin sets it
  endpointRoute(app, settingsEndpoints.recordVersion, { access: 'super' }, ({ body }) => service.recordFrontendVersion(body.version));
};
