// How a received mail is read into the product's terms: whether it is an automatic mail that opens
// nothing (Auto-Submitted, bounces), the thread it answers (its Message-ID references, or a ticket
// token "[#123]" in its subject), its fresh text apart from the quoted history, and its HTML made
// safe to show. Pure functions, tested with the channel (test/email/email.test.ts).
import type { ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';

const headerText = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String(value.value);
  return String(value);
};

// the header as written (mailparser turns address headers into objects, losing an empty "<>")
const rawHeaderValue = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1);
};

// RFC 3834: anything but "no" is an automatic mail; the others are the common auto-responders'
// own marks. A bounce has a null sender (MAIL FROM:<>), a multipart/report body (RFC 6522) or
// comes from the mailer daemon. A bounce relayed or forwarded to us has lost its null envelope
// sender and often its report body, so what the sending servers add is read too: the Exim/Postfix
// X-Failed-Recipients header, a Return-Path header kept as "<>", and the subjects the common
// mail servers give their delivery failures.
const BOUNCE_SUBJECT = /^(undeliver(ed|able)( mail)?\b|undelivered mail returned to sender|delivery status notification \((failure|delay)\)|mail delivery (failed|failure|system)|returned mail\b|failure notice$|delivery failure\b)/i;

export const automaticMailReason = (mail: ParsedMail, envelopeSender: string | null): string | undefined => {
  const autoSubmitted = headerText(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return 'auto-responder header';
  if (/^(auto_reply|bulk|junk|list)$/i.test(headerText(mail, 'precedence').trim())) return `Precedence: ${headerText(mail, 'precedence')}`;
  if (envelopeSender === null || envelopeSender === '') return 'bounce (null sender)';
  if (headerText(mail, 'content-type').toLowerCase().startsWith('multipart/report')) return 'bounce (multipart/report)';
  const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
  if (/^(mailer-daemon|postmaster)@/.test(from)) return `bounce (from ${from})`;
  if (mail.headers.has('x-failed-recipients')) return 'bounce (X-Failed-Recipients)';
  if (rawHeaderValue(mail, 'return-path')?.replace(/\s/g, '') === '<>') return 'bounce (Return-Path <>)';
  if (BOUNCE_SUBJECT.test((mail.subject ?? '').trim())) return `bounce (subject ${JSON.stringify(mail.subject)})`;
  return undefined;
};

const MAX_REFERENCES = 50;

// The Message-IDs the mail answers, the nearest first (In-Reply-To, then References from the end).
export const referencedIdsOf = (mail: ParsedMail) => {
  const references = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  const ids = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...[...references].reverse()];
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))].slice(0, MAX_REFERENCES);
};

// "[#123]" anywhere in the subject, as this product's answers write it
export const ticketTokenOf = (subject: string | undefined) => {
  const found = /\[#(\d{1,12})\]/.exec(subject ?? '');
  return found ? Number(found[1]) : undefined;
};

export const subjectWithToken = (subject: string, ticketId: number) => {
  const bare = subject.replace(/\s*\[#\d+\]\s*/g, ' ').trim();
  const answered = /^(re|aw|sv|res|rif)\s*:/i.test(bare) ? bare : `Re: ${bare || '...'}`;
  return `${answered} [#${ticketId}]`;
};

// the line a mail client writes above the history it quotes, in the product's languages
const QUOTE_INTRO = /^(On\s.+\swrote:|Em\s.+\sescreveu:|El\s.+\sescribió:|.+\starihinde\s.+\syazdı:|-{2,}\s*Original Message\s*-{2,}|-{2,}\s*Mensagem original\s*-{2,})\s*$/i;

// The fresh text, and the quoted history cut from it (the first quote introduction or "> " line
// and everything after), kept to be shown folded.
export const splitQuoted = (text: string) => {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((line) => QUOTE_INTRO.test(line.trim()) || /^>/.test(line));
  if (start <= 0) return { fresh: text.trim(), quoted: start === 0 ? text.trim() : '' };
  return { fresh: lines.slice(0, start).join('\n').trim(), quoted: lines.slice(start).join('\n').trim() };
};

// The mail's HTML as it may be shown: formatting, links and images only; no scripts, styles,
// forms, frames or event attributes; links open elsewhere without the product as referrer. An
// inline image (src="cid:...") points at its stored copy, by its Content-ID in inlineImages; one
// not stored loses its src.
export const sanitizedHtmlOf = (html: string, inlineImages: ReadonlyMap<string, string> = new Map()) =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        const cid = /^cid:(.+)$/i.exec(src?.trim() ?? '')?.[1];
        const shown = cid === undefined ? src : inlineImages.get(contentIdOf(cid));
        return { tagName, attribs: shown ? { ...rest, src: shown } : rest };
      },
    },
  });

// a Content-ID as the HTML and the part's header may write it: "<id@host>" or id@host, any case
export const contentIdOf = (id: string) => {
  let bare = id.trim();
  try {
    bare = decodeURIComponent(bare);
  } catch {
    // not percent-encoded: taken as written
  }
  return bare.replace(/^<|>$/g, '').toLowerCase();
};
