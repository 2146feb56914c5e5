import { z } from 'zod';
import { companySettingKeys, globalSettingKeys } from './settings.ts';

export const companySettingUpdateBody = z.strictObject({
  column: z.enum(companySettingKeys as [string, ...string[]]),
  data: z.string().max(5000),
});
export type CompanySettingUpdateBody = z.infer<typeof companySettingUpdateBody>;

export const companySettingOneQuery = z.strictObject({
  column: z.enum(companySettingKeys as [string, ...string[]]),
});

export const globalSettingKeyParam = z.strictObject({ key: z.enum(globalSettingKeys as [string, ...string[]]) });
export const globalSettingUpdateBody = z.strictObject({ value: z.string().max(2000) });

export type SettingRow = { key: string; value: string };
