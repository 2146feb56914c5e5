// An automation rule's or a macro's "send an email" action (issue 40 point 1): tells a user of the
// company which ticket asks for them, with the rule's text and a link to the ticket.
import { z } from 'zod';
import type { MailLocale } from '@atende/shared/mail';
import { defineMailTemplate } from '../mail-template.ts';

type Source = 'rule' | 'macro';
type Notice = { name: string; source: Source; sourceName: string; ticketId: number; contactName: string };
type Words = { subject: string; heading: string; greeting: string; body: string; action: string; note: string };

const words = ({ name, source, sourceName, ticketId, contactName }: Notice, appName: string): Record<MailLocale, Words> => ({
  pt: {
    subject: `Ticket #${ticketId} - ${contactName}`,
    heading: 'Um ticket pede sua atenção',
    greeting: `Olá, ${name}.`,
    body: `${source === 'rule' ? 'A regra de automação' : 'A macro'} "${sourceName}" enviou este aviso sobre o ticket #${ticketId} de ${contactName}.`,
    action: 'Abrir o ticket',
    note: `Você recebeu este e-mail porque ${source === 'rule' ? 'uma regra de automação' : 'uma macro'} da sua empresa no ${appName} o envia.`,
  },
  en: {
    subject: `Ticket #${ticketId} - ${contactName}`,
    heading: 'A ticket needs your attention',
    greeting: `Hello, ${name}.`,
    body: `The ${source === 'rule' ? 'automation rule' : 'macro'} "${sourceName}" sent this notice about ticket #${ticketId} of ${contactName}.`,
    action: 'Open the ticket',
    note: `You received this email because ${source === 'rule' ? 'an automation rule' : 'a macro'} of your company on ${appName} sends it.`,
  },
  es: {
    subject: `Ticket #${ticketId} - ${contactName}`,
    heading: 'Un ticket requiere su atención',
    greeting: `Hola, ${name}.`,
    body: `${source === 'rule' ? 'La regla de automatización' : 'La macro'} "${sourceName}" envió este aviso sobre el ticket #${ticketId} de ${contactName}.`,
    action: 'Abrir el ticket',
    note: `Recibió este correo porque ${source === 'rule' ? 'una regla de automatización' : 'una macro'} de su empresa en ${appName} lo envía.`,
  },
  tr: {
    subject: `Talep #${ticketId} - ${contactName}`,
    heading: 'Bir talep ilginizi bekliyor',
    greeting: `Merhaba ${name},`,
    body: `"${sourceName}" ${source === 'rule' ? 'otomasyon kuralı' : 'makrosu'}, ${contactName} kişisinin #${ticketId} numaralı talebi hakkında bu bildirimi gönderdi.`,
    action: 'Talebi aç',
    note: `Bu e-postayı, ${appName} üzerindeki şirketinizin bir ${source === 'rule' ? 'otomasyon kuralı' : 'makrosu'} gönderdiği için aldınız.`,
  },
});

export const automationNoticeMail = defineMailTemplate({
  data: z.object({
    name: z.string(),
    source: z.enum(['rule', 'macro']),
    sourceName: z.string(),
    ticketId: z.number().int(),
    ticketUuid: z.string().min(1),
    contactName: z.string(),
    // the action's own words, shown as they were written
    text: z.string(),
  }),
  render: (data, { locale, branding, link }) => {
    const copy = words(data, branding.appName)[locale];
    return {
      subject: copy.subject,
      heading: copy.heading,
      paragraphs: [copy.greeting, copy.body, ...(data.text ? [data.text] : [])],
      action: { label: copy.action, url: link(`/tickets/${data.ticketUuid}`) },
      note: copy.note,
    };
  },
});
