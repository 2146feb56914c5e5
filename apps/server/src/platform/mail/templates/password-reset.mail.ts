// "Forgot password" (issue 38 point 2): the single-use link to choose a new password.
import { z } from 'zod';
import type { MailLocale } from '@atende/shared/mail';
import { defineMailTemplate } from '../mail-template.ts';

type Words = { subject: string; heading: string; greeting: string; body: string; action: string; note: string };

const words = (appName: string, name: string, minutes: number): Record<MailLocale, Words> => ({
  pt: {
    subject: `Redefinição de senha - ${appName}`,
    heading: 'Redefinir sua senha',
    greeting: `Olá, ${name}.`,
    body: `Recebemos um pedido para redefinir a senha da sua conta no ${appName}. O link abaixo vale por ${minutes} minutos e pode ser usado uma vez.`,
    action: 'Escolher nova senha',
    note: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  en: {
    subject: `Password reset - ${appName}`,
    heading: 'Reset your password',
    greeting: `Hello, ${name}.`,
    body: `We received a request to reset the password of your ${appName} account. The link below is valid for ${minutes} minutes and works once.`,
    action: 'Choose a new password',
    note: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  es: {
    subject: `Restablecer contraseña - ${appName}`,
    heading: 'Restablecer su contraseña',
    greeting: `Hola, ${name}.`,
    body: `Recibimos una solicitud para restablecer la contraseña de su cuenta en ${appName}. El enlace de abajo es válido por ${minutes} minutos y se puede usar una vez.`,
    action: 'Elegir nueva contraseña',
    note: 'Si usted no lo pidió, ignore este correo: su contraseña sigue siendo la misma.',
  },
  tr: {
    subject: `Parola sıfırlama - ${appName}`,
    heading: 'Parolanızı sıfırlayın',
    greeting: `Merhaba ${name},`,
    body: `${appName} hesabınızın parolasını sıfırlama isteği aldık. Aşağıdaki bağlantı ${minutes} dakika geçerlidir ve bir kez kullanılabilir.`,
    action: 'Yeni parola seç',
    note: 'Bunu siz istemediyseniz bu e-postayı yok sayın: parolanız değişmez.',
  },
});

export const passwordResetMail = defineMailTemplate({
  data: z.object({ name: z.string(), token: z.string().min(1), validMinutes: z.number().int().positive() }),
  render: ({ name, token, validMinutes }, { locale, branding, link }) => {
    const copy = words(branding.appName, name, validMinutes)[locale];
    return {
      subject: copy.subject,
      heading: copy.heading,
      paragraphs: [copy.greeting, copy.body],
      action: { label: copy.action, url: link('/reset-password', { token }) },
      note: copy.note,
    };
  },
});
