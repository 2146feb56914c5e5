// One layout for every mail: the whitelabel's logo (or name), a heading, paragraphs, a button in
// the primary colour and its link written out for clients that show no buttons. HTML with inline
// styles only (mail clients drop style sheets); every value is escaped where it lands.
import type { MailLocale } from '@atende/shared/mail';
import type { MailBranding, MailContent } from './mail-template.ts';

const fallbackWords: Record<MailLocale, string> = {
  pt: 'Se o botão não funcionar, copie este endereço no navegador:',
  en: 'If the button does not work, copy this address into your browser:',
  es: 'Si el botón no funciona, copie esta dirección en su navegador:',
  tr: 'Düğme çalışmazsa bu adresi tarayıcınıza kopyalayın:',
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

// a colour typed by the super admin goes into a style attribute: only a hex colour gets there
const safeColor = (color: string) => (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : '#065183');

export type RenderedMail = { subject: string; html: string; text: string };

export const renderMail = (content: MailContent, branding: MailBranding & { logoUrl?: string }, locale: MailLocale): RenderedMail => {
  const color = safeColor(branding.primaryColor);
  const appName = escapeHtml(branding.appName);
  const header = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${appName}" style="max-height:48px;max-width:200px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${color}">${appName}</span>`;
  const paragraphs = content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;background:${color};color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(fallbackWords[locale])}<br><a href="${escapeHtml(content.action.url)}" style="color:${color};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const note = content.note ? `<p style="margin:16px 0 0;font-size:13px;color:#777777">${escapeHtml(content.note)}</p>` : '';
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222222">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:24px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-top:4px solid ${color};border-radius:4px">` +
    `<tr><td style="padding:24px 32px 0">${header}</td></tr>` +
    `<tr><td style="padding:24px 32px 32px"><h1 style="margin:0 0 16px;font-size:22px;color:${color}">${escapeHtml(content.heading)}</h1>${paragraphs}${action}${note}</td></tr>` +
    `</table><p style="margin:16px 0 0;font-size:12px;color:#999999">${appName}</p></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    '--',
    branding.appName,
  ].join('\n');
  return { subject: content.subject, html, text };
};
