// An admin's invitation (issue 38 point 3): the link where the invited user chooses a password.
import { z } from 'zod';
import type { MailLocale } from '@atende/shared/mail';
import { defineMailTemplate } from '../mail-template.ts';

type Words = { subject: string; heading: string; greeting: string; body: string; action: string; note: string };

const words = (appName: string, name: string, companyName: string, days: number): Record<MailLocale, Words> => ({
  pt: {
    subject: `Convite para ${companyName} - ${appName}`,
    heading: 'Você foi convidado',
    greeting: `Olá, ${name}.`,
    body: `Você foi convidado para atender pela empresa ${companyName} no ${appName}. Escolha sua senha pelo link abaixo; ele vale por ${days} dias e pode ser usado uma vez.`,
    action: 'Escolher minha senha',
    note: 'Se você não esperava este convite, ignore este e-mail.',
  },
  en: {
    subject: `Invitation to ${companyName} - ${appName}`,
    heading: 'You have been invited',
    greeting: `Hello, ${name}.`,
    body: `You have been invited to serve customers for ${companyName} on ${appName}. Choose your password with the link below; it is valid for ${days} days and works once.`,
    action: 'Choose my password',
    note: 'If you did not expect this invitation, ignore this email.',
  },
  es: {
    subject: `Invitación a ${companyName} - ${appName}`,
    heading: 'Usted fue invitado',
    greeting: `Hola, ${name}.`,
    body: `Usted fue invitado a atender por la empresa ${companyName} en ${appName}. Elija su contraseña con el enlace de abajo; es válido por ${days} días y se puede usar una vez.`,
    action: 'Elegir mi contraseña',
    note: 'Si no esperaba esta invitación, ignore este correo.',
  },
  tr: {
    subject: `${companyName} daveti - ${appName}`,
    heading: 'Davet edildiniz',
    greeting: `Merhaba ${name},`,
    body: `${appName} üzerinde ${companyName} şirketi adına müşterilere hizmet vermeye davet edildiniz. Parolanızı aşağıdaki bağlantıdan seçin; bağlantı ${days} gün geçerlidir ve bir kez kullanılabilir.`,
    action: 'Parolamı seç',
    note: 'Bu daveti beklemiyorsanız bu e-postayı yok sayın.',
  },
});

export const invitationMail = defineMailTemplate({
  data: z.object({ name: z.string(), companyName: z.string(), token: z.string().min(1), validDays: z.number().int().positive() }),
  render: ({ name, companyName, token, validDays }, { locale, branding, link }) => {
    const copy = words(branding.appName, name, companyName, validDays)[locale];
    return {
      subject: copy.subject,
      heading: copy.heading,
      paragraphs: [copy.greeting, copy.body],
      action: { label: copy.action, url: link('/accept-invitation', { token }) },
      note: copy.note,
    };
  },
});
