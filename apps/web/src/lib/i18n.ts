import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  acceptInvitation,
  accessDenied,
  choosePassword,
  common,
  errors,
  language,
  login,
  menu,
  overdue,
  passwordReset,
  session,
  shell,
  signup,
  theme,
  validation,
  verifyEmail,
} from '../locales/pt.json';
import portugueseCatalogueUrl from '../locales/pt.json?url';
import { isLanguage, type Language } from './language.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export { currentLanguage, languages, type Language } from './language.ts';

// Portuguese is the default and the fallback: what the sign-in page and the mailed links' light pages
// say ships with the app, the rest of it comes with every other screen (loadWholeCatalogue), and the
// other catalogues are fetched when chosen, all of which keeps the sign-in page's first load small
// (issue 14 point 4). signed-out-catalogue.test.ts checks that the sections shipped are exactly
// those these pages and the app's entry use.
const signedOutCatalogue = {
  acceptInvitation,
  accessDenied,
  choosePassword,
  common,
  errors,
  language,
  login,
  menu,
  overdue,
  passwordReset,
  session,
  shell,
  signup,
  theme,
  validation,
  verifyEmail,
};

const catalogues: Record<Exclude<Language, 'pt'>, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  tr: () => import('../locales/tr.json'),
};

const loadCatalogue = async (language: Language) => {
  if (language === 'pt' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', (await catalogues[language]()).default);
};

const stored = readStorage(storageKeys.language);

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: signedOutCatalogue } },
  lng: 'pt',
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
});

// the whole Portuguese catalogue as a file of its own, so the sections above stay the only ones in
// the app's first chunk
let wholeCatalogue: Promise<void> | undefined;
export const loadWholeCatalogue = () =>
  (wholeCatalogue ??= fetch(portugueseCatalogueUrl)
    .then((answer) => {
      if (!answer.ok) throw new Error(`the Portuguese catalogue answered ${answer.status}`);
      return answer.json() as Promise<object>;
    })
    .then(
      (catalogue) => void i18n.addResourceBundle('pt', 'translation', catalogue, true, true),
      (error: unknown) => {
        wholeCatalogue = undefined;
        throw error;
      },
    ));

const switchTo = async (language: Language) => {
  await loadCatalogue(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};

// main.tsx waits for this before the first render, so a stored language never flashes Portuguese.
export const i18nReady = switchTo(isLanguage(stored) ? stored : 'pt').catch(() => switchTo('pt'));

export const changeLanguage = (language: Language) => {
  writeStorage(storageKeys.language, language);
  void switchTo(language);
};


export default i18n;
