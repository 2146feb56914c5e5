import { brandingFallbacks, brandingFileUrl } from '@atende/shared/settings';
import { usePublicSetting } from './use-public-setting.ts';

export type Branding = {
  appName: string;
  primaryColorLight: string;
  primaryColorDark: string;
  logoLight: string;
  logoDark: string;
  favicon: string;
};

// 03-saas §3 Global settings with their fallbacks; images are file names under /public/branding/.
export const useBranding = (): Branding => {
  const appName = usePublicSetting('appName');
  const primaryColorLight = usePublicSetting('primaryColorLight');
  const primaryColorDark = usePublicSetting('primaryColorDark');
  return {
    appName: appName.trim() || brandingFallbacks.appName,
    primaryColorLight: primaryColorLight || brandingFallbacks.primaryColorLight,
    primaryColorDark: primaryColorDark || brandingFallbacks.primaryColorDark,
    logoLight: brandingFileUrl(usePublicSetting('appLogoLight')),
    logoDark: brandingFileUrl(usePublicSetting('appLogoDark')),
    favicon: brandingFileUrl(usePublicSetting('appLogoFavicon')),
  };
};
