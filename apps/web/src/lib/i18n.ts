import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';
import tr from '../locales/tr.json';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export const languages = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof languages)[number];

const isLanguage = (value: string | null): value is Language =>
  value !== null && (languages as readonly string[]).includes(value);

const stored = readStorage(storageKeys.language);

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es }, tr: { translation: tr } },
  lng: isLanguage(stored) ? stored : 'pt',
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
});

document.documentElement.lang = i18n.language;

export const changeLanguage = (language: Language) => {
  writeStorage(storageKeys.language, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
};

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'pt');

export default i18n;
