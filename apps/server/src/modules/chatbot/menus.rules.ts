// The texts the bot writes around its menus, as this product family formats them: a message,
// a blank line, then one '*[ n ]* - name' line per choice.
export const BACK_KEY = '0';
export const MAIN_MENU_KEY = '#';

const line = (key: string, label: string) => `*[ ${key} ]* - ${label}`;

const withMessage = (message: string, lines: string[]) => [message.trim(), lines.join('\n')].filter(Boolean).join('\n\n');

export const queueMenu = (greeting: string, queues: { name: string }[]) =>
  withMessage(
    greeting,
    queues.map((queue, index) => line(String(index + 1), queue.name)),
  );

export const optionMenu = (message: string, options: { name: string }[], ways: { back: boolean; mainMenu: boolean }) =>
  withMessage(message, [
    ...options.map((option, index) => line(String(index + 1), option.name)),
    ...(ways.back ? [line(BACK_KEY, 'Voltar')] : []),
    ...(ways.mainMenu ? [line(MAIN_MENU_KEY, 'Menu inicial')] : []),
  ]);

// '2', ' 2 ', '*2*' and '[ 2 ]' all choose the second entry; anything else is no choice.
export const chosenIndex = (answer: string, count: number) => {
  const digits = answer.trim().replace(/^[*[\s]+|[*\]\s]+$/g, '');
  if (!/^\d{1,3}$/.test(digits)) return undefined;
  const index = Number(digits) - 1;
  return index >= 0 && index < count ? index : undefined;
};

export const isKey = (answer: string, key: string) => answer.trim().replace(/^[*[\s]+|[*\]\s]+$/g, '') === key;
