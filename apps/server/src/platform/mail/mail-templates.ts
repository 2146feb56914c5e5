// Every mail the server sends, by the name a job carries. A new mail is a file under templates/
// and one line here.
import { automationNoticeMail } from './templates/automation-notice.mail.ts';
import { invitationMail } from './templates/invitation.mail.ts';
import { passwordResetMail } from './templates/password-reset.mail.ts';
import { signupVerificationMail } from './templates/signup-verification.mail.ts';

export const mailTemplates = {
  passwordReset: passwordResetMail,
  invitation: invitationMail,
  signupVerification: signupVerificationMail,
  automationNotice: automationNoticeMail,
};

export type MailTemplateName = keyof typeof mailTemplates;
export const isMailTemplateName = (name: string): name is MailTemplateName => Object.hasOwn(mailTemplates, name);
