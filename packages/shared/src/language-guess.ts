// A small guess at which of the product's languages a customer's message is written in, so the
// chat offers "Translate" only under a message that seems to be in another language than the
// attendant's interface (issue 42 point 4). Common words and the letters only one language uses
// are counted; a short or mixed text is left unsure, and an unsure text keeps the offer. It is a
// hint for a button, never a decision about the message.
export const guessableLanguages = ['pt', 'en', 'es', 'tr'] as const;
export type GuessableLanguage = (typeof guessableLanguages)[number];

// frequent words of each language; a word common to two (de, que, no) counts for each
const commonWords: Record<GuessableLanguage, ReadonlySet<string>> = {
  pt: new Set(
    'o os a as de do da dos das em no na nos nas um uma que não é e para com por mais mas você vocês eu meu minha seu sua está estou isso obrigado obrigada olá oi bom boa dia tudo bem quando onde como ele ela tem foi já ainda também muito aqui hoje amanhã quero pedido pode posso sim ao pelo pela qual'.split(' '),
  ),
  en: new Set(
    'the a an and or is are was were of to in on for with my your you i it this that have has not do does did can what where when how hello hi thanks thank please order will be me we our would could there been from just yes no'.split(' '),
  ),
  es: new Set(
    'el la los las de del en un una que no es y o para con por más pero usted ustedes yo mi su está estoy eso gracias hola buenos buenas días todo bien cuando donde dónde cómo como tiene fue ya también muy aquí hoy mañana quiero pedido puede puedo sí lo le se al cual'.split(' '),
  ),
  tr: new Set(
    've bir bu şu da de için ile ne mi mı mu mü var yok ben sen siz biz çok ama gibi daha merhaba selam teşekkür teşekkürler lütfen evet hayır nasıl nerede neden sipariş siparişim değil kadar olarak bana size ise'.split(' '),
  ),
};

// a word of one language only tells more than a word common to two
const languagesOf = (word: string) => guessableLanguages.filter((language) => commonWords[language].has(word)).length;
const wordWeight = (word: string) => (languagesOf(word) === 1 ? 2 : 1);

// letters that name one language among the four (ç is Portuguese and Turkish, so it names none)
const ownLetters: Partial<Record<GuessableLanguage, RegExp>> = { pt: /[ãõâêô]/g, es: /[ñ¿¡]/g, tr: /[ğış]/g };

// below this many words the common ones are too few to tell
const MIN_WORDS = 3;
// the winner must count this many more than the runner-up: a word of its own, or two of its letters
const MARGIN = 2;
// the beginning of a long text (an email) tells as much as the whole
const READ_CHARACTERS = 2000;

// Turkish's İ lowers to i and a combining dot, which is dropped so its words read as written
const lowered = (text: string) => text.toLowerCase().replace(/\u0307/g, '');

// the language the text seems written in, or null when unsure
export const guessLanguage = (text: string): GuessableLanguage | null => {
  const lower = lowered(text.slice(0, READ_CHARACTERS));
  const words = lower.match(/[\p{L}']+/gu) ?? [];
  if (words.length < MIN_WORDS) return null;
  const scores = guessableLanguages.map((language) => {
    const letters = ownLetters[language];
    const wordScore = words.filter((word) => commonWords[language].has(word)).reduce((sum, word) => sum + wordWeight(word), 0);
    return { language, score: wordScore + (letters ? (lower.match(letters)?.length ?? 0) : 0) };
  });
  const [best, second] = scores.sort((a, b) => b.score - a.score);
  return best.score - second.score >= MARGIN ? best.language : null;
};

// whether to offer a translation into the attendant's language: unless the text seems to be in it
export const offersTranslation = (text: string, attendantLanguage: GuessableLanguage) => guessLanguage(text) !== attendantLanguage;
