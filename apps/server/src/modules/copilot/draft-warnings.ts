// A draft the attendant should read twice before sending (issue 42, bad input): the model may have
// been steered by a customer's or a document's text into adding a link or asking for a secret.
// Decided simply, by words and patterns in the pt/en/es/tr the product speaks; a warning, never
// a refusal: the attendant judges.
import type { DraftWarning } from '@atende/shared/copilot';

const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|ly|me|app|link|xyz|br)\b)/i;
const SECRET =
  /(senha|password|passcode|contraseña|şifre|parola|\bpin\b|\bcvv\b|\bcvc\b|card number|número do cartão|número de tarjeta|kart numarası|verification code|código de verificação|código de verificación|doğrulama kodu|one-time code|\botp\b|\btoken\b|2fa)/i;

export const draftWarningsOf = (text: string): DraftWarning[] => [...(LINK.test(text) ? (['link'] as const) : []), ...(SECRET.test(text) ? (['secret'] as const) : [])];
