import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from '../locales/pt.json';
import { isLanguage, type Language } from './language.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export { currentLanguage, languages, type Language } from './language.ts';

// Portuguese is the default and the fallback, so it ships with the app; the other catalogues are
// fetched when chosen, which keeps them out of the sign-in page's first load.
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
  resources: { pt: { translation: pt } },
  lng: 'pt',
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
});

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
