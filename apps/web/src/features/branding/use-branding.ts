import { brandingFallbacks } from '@atende/shared/settings';
import { usePublicSetting } from './use-public-setting.ts';

export type Branding = {
  appName: string;
  primaryColorLight: string;
  primaryColorDark: string;
  logoLight: string;
  logoDark: string;
  favicon: string;
};

export const useBranding = (): Branding => {
  const appName = usePublicSetting('appName');
  const primaryColorLight = usePublicSetting('primaryColorLight');
  const primaryColorDark = usePublicSetting('primaryColorDark');
  return {
    appName: appName.trim() || brandingFallbacks.appName,
    primaryColorLight: primaryColorLight || brandingFallbacks.primaryColorLight,
    primaryColorDark: primaryColorDark || brandingFallbacks.primaryColorDark,
    logoLight: usePublicSetting('appLogoLight'),
    logoDark: usePublicSetting('appLogoDark'),
    favicon: usePublicSetting('appLogoFavicon'),
  };
};
