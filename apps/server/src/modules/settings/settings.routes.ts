import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionBody } from '@atende/shared/auth';
import type { CompanySettingKey, GlobalSettingKey } from '@atende/shared/settings';
import {
  companySettingOneQuery,
  companySettingUpdateBody,
  globalSettingKeyParam,
  globalSettingUpdateBody,
} from '@atende/shared/settings-schemas';
import { idParam } from '@atende/shared/validation';
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

  // Every global setting is branding the login page needs, so all of them are public.
  app.get('/public-settings/:key', { config: { access: 'public' }, schema: { params: globalSettingKeyParam } }, (request) =>
    service.globalSetting(request.params.key as GlobalSettingKey),
  );

  app.get('/version', { config: { access: 'public' } }, () => service.frontendVersion());

  // every company reads this one version, so only the super admin sets it
  app.post('/version', { config: { access: 'super' }, schema: { body: versionBody } }, (request) =>
    service.recordFrontendVersion(request.body.version),
  );
};
