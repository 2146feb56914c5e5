// The interface's languages and the one in use, read from the i18next instance without starting
// it: modules that only need the language (the API client's Accept-Language) import this, not
// i18n.ts, whose import loads the catalogues and touches the page.
import i18n from 'i18next';

export const languages = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof languages)[number];

export const isLanguage = (value: string | null): value is Language => value !== null && (languages as readonly string[]).includes(value);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'pt');
