// The public sign-up's email verification (issue 38 point 3): until its link is opened the new
// company cannot be used, and after a day unverified it is removed.
import { z } from 'zod';
import type { MailLocale } from '@atende/shared/mail';
import { defineMailTemplate } from '../mail-template.ts';

type Words = { subject: string; heading: string; greeting: string; body: string; action: string; note: string };

const words = (appName: string, name: string, companyName: string, hours: number): Record<MailLocale, Words> => ({
  pt: {
    subject: `Confirme seu e-mail - ${appName}`,
    heading: 'Confirme seu e-mail',
    greeting: `Olá, ${name}.`,
    body: `Recebemos o cadastro da empresa ${companyName} no ${appName} com este e-mail. Confirme-o pelo link abaixo para começar a usar; ele vale por ${hours} horas. Sem a confirmação, o cadastro é removido.`,
    action: 'Confirmar e-mail',
    note: 'Se não foi você quem se cadastrou, ignore este e-mail: o cadastro será removido.',
  },
  en: {
    subject: `Confirm your email - ${appName}`,
    heading: 'Confirm your email',
    greeting: `Hello, ${name}.`,
    body: `We received the sign-up of ${companyName} on ${appName} with this email. Confirm it with the link below to start; it is valid for ${hours} hours. Without the confirmation the sign-up is removed.`,
    action: 'Confirm email',
    note: 'If you did not sign up, ignore this email: the sign-up will be removed.',
  },
  es: {
    subject: `Confirme su correo - ${appName}`,
    heading: 'Confirme su correo',
    greeting: `Hola, ${name}.`,
    body: `Recibimos el registro de la empresa ${companyName} en ${appName} con este correo. Confírmelo con el enlace de abajo para empezar; es válido por ${hours} horas. Sin la confirmación, el registro se elimina.`,
    action: 'Confirmar correo',
    note: 'Si usted no se registró, ignore este correo: el registro será eliminado.',
  },
  tr: {
    subject: `E-postanızı doğrulayın - ${appName}`,
    heading: 'E-postanızı doğrulayın',
    greeting: `Merhaba ${name},`,
    body: `${appName} üzerinde ${companyName} şirketinin bu e-posta ile kaydını aldık. Başlamak için aşağıdaki bağlantıyla doğrulayın; bağlantı ${hours} saat geçerlidir. Doğrulanmayan kayıt silinir.`,
    action: 'E-postayı doğrula',
    note: 'Kaydı siz yapmadıysanız bu e-postayı yok sayın: kayıt silinecek.',
  },
});

export const signupVerificationMail = defineMailTemplate({
  data: z.object({ name: z.string(), companyName: z.string(), token: z.string().min(1), validHours: z.number().int().positive() }),
  render: ({ name, companyName, token, validHours }, { locale, branding, link }) => {
    const copy = words(branding.appName, name, companyName, validHours)[locale];
    return {
      subject: copy.subject,
      heading: copy.heading,
      paragraphs: [copy.greeting, copy.body],
      action: { label: copy.action, url: link('/verify-email', { token }) },
      note: copy.note,
    };
  },
});
