import { describe, expect, it } from 'vitest';
import { guessLanguage, offersTranslation } from './language-guess.ts';

describe('the language a customer writes in (issue 42 point 4: translate only a message in another language)', () => {
  it.each([
    ['pt', 'Qual é o prazo de entrega para Porto Alegre?'],
    ['pt', 'Olá, bom dia! Meu pedido ainda não chegou, vocês podem verificar?'],
    ['pt', 'Não consegui pagar o boleto, está dando erro'],
    ['en', 'Where is my order #123?'],
    ['en', 'Hi, I would like to change the size of my shirt please'],
    ['en', 'THANK YOU, I GOT IT'],
    ['es', 'Hola, ¿dónde está mi pedido?'],
    ['es', 'Buenos días, quiero cambiar la talla de la camisa'],
    ['es', 'No me llegó el producto y ya pasaron dos semanas'],
    ['tr', 'Merhaba, siparişim nerede?'],
    ['tr', 'Gömleğin bedenini değiştirmek istiyorum, lütfen yardım edin'],
    ['tr', 'İade için ne yapmam gerekiyor?'],
  ])('%s: %s', (language, text) => {
    expect(guessLanguage(text)).toBe(language);
  });

  it('is unsure of a short text, a text without common words, and a mix', () => {
    for (const text of ['', 'ok', 'Obrigado!', 'ok 👍', '12345 67890 #123', 'Pedro Alvares Cabral', 'Hola, thank you, obrigado pela ayuda']) {
      expect(guessLanguage(text), text).toBeNull();
    }
  });

  it('offers a translation unless the text seems to be in the attendant’s language', () => {
    expect(offersTranslation('Where is my order #123?', 'pt')).toBe(true);
    expect(offersTranslation('Where is my order #123?', 'en')).toBe(false);
    expect(offersTranslation('Qual é o prazo de entrega?', 'pt')).toBe(false);
    expect(offersTranslation('Qual é o prazo de entrega?', 'es')).toBe(true);
    // unsure: still offered
    expect(offersTranslation('ok', 'pt')).toBe(true);
  });
});
