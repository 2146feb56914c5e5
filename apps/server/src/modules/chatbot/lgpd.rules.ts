// LGPD consent (03-saas §3 enableLGPD, lgpdMessage, lgpdLink): the customer answers 1 to accept
// and 2 to refuse; any other answer repeats the request.
import { chosenIndex } from './menus.rules.ts';

const FALLBACK_REQUEST = 'Para continuar o atendimento precisamos do seu consentimento para tratar os seus dados pessoais (LGPD).';
export const LGPD_REFUSED_MESSAGE = 'Entendido. Sem o seu consentimento não podemos continuar o atendimento, que foi encerrado.';

export const lgpdRequest = (message: string, link: string) =>
  [message.trim() || FALLBACK_REQUEST, link.trim(), '*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito'].filter(Boolean).join('\n\n');

export const lgpdAnswer = (answer: string): 'accept' | 'refuse' | undefined => {
  const index = chosenIndex(answer, 2);
  return index === 0 ? 'accept' : index === 1 ? 'refuse' : undefined;
};
