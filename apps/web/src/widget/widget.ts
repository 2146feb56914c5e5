// The web chat widget (issue 41 point 1), a script of its own for other websites:
//   <script src="https://<this product>/widget.js" data-connection="PUBLIC_ID" async></script>
// It draws a launcher and a chat window in a shadow root, themed with the connection's colour and
// greeting, in the browser's language, and talks only to the server it was loaded from. The
// visitor token lives in the site's localStorage, so the conversation survives reloads and visits.
import { NPS_SCALE } from '@atende/shared/ratings';
import { WEBCHAT_FILE_MAX_BYTES, WEBCHAT_READ_EVENT, WEBCHAT_TYPING_EVENT, WEBCHAT_TYPING_EVERY_MS, WEBCHAT_TYPING_SHOWN_MS } from '@atende/shared/webchat-wire';
import type { WebchatMessage } from '@atende/shared/webchat';
import type { Socket } from 'socket.io-client';
import { createVisitorApi, type Appearance, type VisitorApi } from './visitor-api.ts';
import { widgetStyles } from './widget-styles.ts';
import { textsFor, type WidgetTexts } from './widget-texts.ts';

// the few properties the widget sets on its elements (className, textContent, type, hidden…)
type ElementProps = Record<string, string | number | boolean>;

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, children: (Node | string)[] = []): HTMLElementTagNameMap[K] => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

// server: the product's origin, which a file's address is relative to
const mount = (server: string, api: VisitorApi, appearance: Appearance, texts: WidgetTexts, storageKey: string) => {
  const host = element('div');
  host.setAttribute('data-atende-webchat', '');
  const root = host.attachShadow({ mode: 'open' });
  host.style.cssText = 'all: initial; position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;';
  host.style.setProperty('--accent', appearance.color);
  const log = element('div', { className: 'log' });
  const error = element('div', { className: 'error', hidden: true, textContent: texts.failed });
  const fail = (text = texts.failed) => {
    error.textContent = text;
    error.hidden = false;
  };
  const input = element('input', { placeholder: texts.placeholder, maxLength: 4000 });
  input.setAttribute('aria-label', texts.placeholder);
  const picker = element('input', { type: 'file', hidden: true });
  const attach = element('button', { className: 'attach', type: 'button', textContent: '📎', title: texts.attach });
  attach.setAttribute('aria-label', texts.attach);
  const composer = element('form', { className: 'composer' }, [attach, picker, input, element('button', { className: 'send', type: 'submit', textContent: texts.send })]);
  const field = (placeholder: string, type: string) => element('input', { placeholder, type, name: type });
  const name = field(texts.name, 'text');
  const email = field(texts.email, 'email');
  const phone = field(texts.phone, 'tel');
  const prechat = element('form', { className: 'prechat' }, [name, email, phone, element('button', { className: 'send', type: 'submit', textContent: texts.start })]);
  const closeButton = element('button', { type: 'button', textContent: '×', title: texts.close });
  closeButton.setAttribute('aria-label', texts.close);
  const header = element('div', { className: 'header' }, [element('p', { textContent: appearance.greeting || texts.open }), closeButton]);
  // out of the service hours the visitor is told before writing; the message still reaches the inbox
  const notice = appearance.outOfHours ? [element('div', { className: 'notice', textContent: texts.closed })] : [];
  const typing = element('div', { className: 'typing', hidden: true });
  const panel = element('div', { className: 'panel', hidden: true }, [header, ...notice, log, typing, error]);
  const launcher = element('button', { className: 'launcher', type: 'button', textContent: '💬', title: texts.open });
  launcher.setAttribute('aria-label', texts.open);
  root.append(element('style', { textContent: widgetStyles }), panel, launcher);
  document.body.append(host);

  // what the visitor has seen: the company's messages up to the last one shown, while the window is
  // open and the page visible (the attendants see them read)
  let lastCompanyAt = '';
  let readUntil = '';
  const markRead = () => {
    if (panel.hidden || document.visibilityState !== 'visible' || !socket || !lastCompanyAt || lastCompanyAt === readUntil) return;
    readUntil = lastCompanyAt;
    socket.emit(WEBCHAT_READ_EVENT, { until: readUntil });
  };
  document.addEventListener('visibilitychange', markRead);

  // the visitor's message, as typed or as a rating button's number
  const sendText = (text: string) => {
    error.hidden = true;
    return api.send(token ?? '', text).then(show, (reason: unknown) => {
      fail();
      throw reason;
    });
  };

  // The rating question's buttons (the server marks the question): under it while it is the
  // conversation's last message; any later message, or the ticket moving on, takes them away.
  let ratingRow: HTMLElement | undefined;
  const dropRating = () => {
    ratingRow?.remove();
    ratingRow = undefined;
  };
  const offerRating = () => {
    const buttons = Array.from({ length: NPS_SCALE.max - NPS_SCALE.min + 1 }, (_, index) => element('button', { type: 'button', textContent: String(NPS_SCALE.min + index) }));
    const row = element('div', { className: 'rating' }, buttons);
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', texts.rate);
    const pending = (disabled: boolean) => buttons.forEach((button) => (button.disabled = disabled));
    row.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest('button');
      if (!button) return;
      pending(true);
      sendText(button.textContent ?? '').catch(() => pending(false));
    });
    ratingRow = row;
    log.append(row);
  };

  // "Seen" under the visitor's last message once an attendant has read up to it
  const seenLabel = element('div', { className: 'seen', textContent: texts.seen });
  let seenUpTo = 0;
  let lastVisitor: { id: number; bubble: HTMLElement } | undefined;
  const placeSeen = () => {
    if (lastVisitor && lastVisitor.id <= seenUpTo) lastVisitor.bubble.after(seenLabel);
    else seenLabel.remove();
  };
  const markSeen = (id: number | null) => {
    seenUpTo = Math.max(seenUpTo, id ?? 0);
    placeSeen();
  };

  const shown = new Map<number, HTMLElement>();
  const show = (message: WebchatMessage) => {
    if (message.fromMe && message.createdAt > lastCompanyAt) lastCompanyAt = message.createdAt;
    const bubble = element('div', { className: `bubble ${message.fromMe ? 'company' : 'visitor'}` });
    if (message.senderName) bubble.append(element('span', { className: 'sender', textContent: message.senderName }));
    const href = message.mediaUrl && new URL(message.mediaUrl, server).href;
    if (href && message.mediaType === 'image' && token) {
      // read with the visitor's token, as the stored file itself is not for other sites' pages
      const image = element('img', { alt: message.body || texts.file });
      void api.image(token, message.id).then((src) => (image.src = src), () => image.replaceWith(texts.file));
      bubble.append(element('a', { href, target: '_blank', rel: 'noopener noreferrer' }, [image]));
      if (message.body) bubble.append(element('div', { textContent: message.body }));
    } else if (href) {
      bubble.append(element('a', { href, target: '_blank', rel: 'noopener noreferrer', textContent: `📎 ${message.body || texts.file}` }));
    } else bubble.append(message.body);
    const earlier = shown.get(message.id);
    if (earlier) earlier.replaceWith(bubble);
    else {
      dropRating();
      log.append(bubble);
      if (message.rating) offerRating();
    }
    shown.set(message.id, bubble);
    if (!message.fromMe && (!lastVisitor || message.id >= lastVisitor.id)) lastVisitor = { id: message.id, bubble };
    placeSeen();
    log.scrollTop = log.scrollHeight;
    markRead();
  };
  const remove = (id: number) => {
    shown.get(id)?.remove();
    shown.delete(id);
  };

  // an attendant typing: shown until a while passes without another notice, or their message comes
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  const showTyping = (name: string) => {
    typing.textContent = texts.typing.replace('{name}', name || texts.attendant);
    typing.hidden = false;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => (typing.hidden = true), WEBCHAT_TYPING_SHOWN_MS);
  };

  let token = localStorage.getItem(storageKey);
  let socket: Socket | undefined;
  const connect = async (visitorToken: string) => {
    panel.append(composer);
    // the socket first: a reply written while the history loads is not missed (shown once by id)
    socket = api.listen(visitorToken, {
      message: (message) => {
        if (message.fromMe) typing.hidden = true;
        show(message);
      },
      removed: remove,
      typing: showTyping,
      seen: markSeen,
      ratingOver: dropRating,
    });
    const history = await api.history(visitorToken);
    for (const message of history.messages) show(message);
    markSeen(history.seenUpTo);
  };
  const begin = async (form: { name?: string; email?: string; phone?: string }) => {
    token = (await api.start(form)).visitorToken;
    localStorage.setItem(storageKey, token);
    prechat.remove();
    await connect(token);
  };

  let started = false;
  const open = async () => {
    panel.hidden = !panel.hidden;
    markRead();
    if (panel.hidden || started) return;
    started = true;
    if (token) await connect(token);
    else if (appearance.preChatForm) panel.append(prechat);
    else await begin({});
    input.focus();
  };
  launcher.addEventListener('click', () => void open());
  closeButton.addEventListener('click', () => (panel.hidden = true));
  prechat.addEventListener('submit', (event) => {
    event.preventDefault();
    const given = (input: HTMLInputElement) => input.value.trim() || undefined;
    void begin({ name: given(name), email: given(email), phone: given(phone) }).catch(() => fail());
  });
  // the visitor typing, told at most once every WEBCHAT_TYPING_EVERY_MS
  let typedAt = 0;
  input.addEventListener('input', () => {
    if (Date.now() - typedAt < WEBCHAT_TYPING_EVERY_MS) return;
    typedAt = Date.now();
    socket?.emit(WEBCHAT_TYPING_EVENT);
  });
  attach.addEventListener('click', () => picker.click());
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    picker.value = '';
    if (!file || !token) return;
    if (file.size === 0 || file.size > WEBCHAT_FILE_MAX_BYTES) return fail(texts.tooLarge);
    error.hidden = true;
    api.sendFile(token, file).then(show, () => fail());
  });
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !token) return;
    sendText(text).then(
      () => (input.value = ''),
      () => undefined,
    );
  });
};

const script = document.currentScript as HTMLScriptElement | null;
const publicId = script?.dataset.connection;
if (script && publicId) {
  const server = new URL(script.src).origin;
  const api = createVisitorApi(server, publicId);
  void api.appearance().then(
    (appearance) => mount(server, api, appearance, textsFor(navigator.languages), `atende-webchat:${server}:${publicId}`),
    (reason: unknown) => console.warn('atende web chat not shown', reason),
  );
}
