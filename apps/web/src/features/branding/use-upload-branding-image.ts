import type { BrandingImageKey } from '@atende/shared/settings';
import { settingsEndpoints } from '@atende/shared/settings-schemas';
import { useMutation } from '@tanstack/react-query';
import { sendFormToEndpoint } from '../../lib/endpoint-client.ts';
import { useStoreGlobalSetting } from './use-global-settings.ts';

export type BrandingImageTarget = { key: BrandingImageKey; typeArch: 'logo' | 'login'; mode: string };

const uploadEndpoint = { logo: settingsEndpoints.uploadWhitelabelLogo, login: settingsEndpoints.uploadWhitelabelLoginImage };

// A whitelabel image goes with its kind and mode (03-saas §2); its stored name becomes the
// setting's value. Upload errors are only logged (03-saas §8).
export const useUploadBrandingImage = (target: BrandingImageTarget) => {
  const store = useStoreGlobalSetting();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('typeArch', target.typeArch);
      form.append('mode', target.mode);
      form.append('file', file);
      return sendFormToEndpoint(uploadEndpoint[target.typeArch], form);
    },
    onSuccess: (name) => store({ key: target.key, value: name }),
    onError: (error) => console.error('whitelabel upload failed', error),
  });
};
