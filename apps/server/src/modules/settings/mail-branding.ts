// The whitelabel a company's mails wear (issue 38 point 1), read when each mail is sent: the
// platform's name, light-theme colour and logo (03-saas §2 Whitelabel tab, with the web's
// fallbacks) and the company's own sender name.
import { brandingFallbacks, brandingFileUrl } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { MailBranding } from '../../platform/mail/mail-template.ts';
import { readCompanySettings } from './company-settings.repo.ts';
import { readGlobalSettings } from './global-settings.repo.ts';

const brandingKeys = ['appName', 'primaryColorLight', 'appLogoLight'] as const;

export const mailBrandingOf = (db: DbOrTx) => async (companyId: number): Promise<MailBranding> => {
  const [rows, company] = await Promise.all([readGlobalSettings(db, brandingKeys), readCompanySettings(db, companyId)]);
  const global = new Map(rows.map((row) => [row.key, row.value]));
  const logoPath = brandingFileUrl(global.get('appLogoLight') ?? '');
  // a name with a line break could not be a header's display name
  const senderName = company.emailSenderName.replace(/[\r\n\t]+/g, ' ').trim();
  return {
    appName: global.get('appName') || brandingFallbacks.appName,
    primaryColor: global.get('primaryColorLight') || brandingFallbacks.primaryColorLight,
    ...(logoPath ? { logoPath } : {}),
    ...(senderName ? { senderName } : {}),
  };
};
