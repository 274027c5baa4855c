// Every mail the platform writes, in the user's language (en/de), in one module (issue 3 §5).
import type { Language } from '../../../lib/constants';
import { config } from '../../config';

export type MailTemplate = 'mfaCode' | 'resetCode' | 'registerCode' | 'registerExists' | 'emailChangeCode' | 'emailChanged' | 'passwordChanged' | 'notification';

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

type Vars = Record<string, string>;
const P = config.productName;

const T: Record<MailTemplate, Record<Language, (v: Vars) => { subject: string; body: string[] }>> = {
  mfaCode: {
    en: (v) => ({ subject: `${P} sign-in code: ${v.code}`, body: [`Your sign-in code is ${v.code}.`, 'It is valid for 10 minutes. If you did not try to sign in, change your password.'] }),
    de: (v) => ({ subject: `${P} Anmeldecode: ${v.code}`, body: [`Ihr Anmeldecode lautet ${v.code}.`, 'Er ist 10 Minuten gültig. Falls Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.'] }),
  },
  resetCode: {
    en: (v) => ({ subject: `${P}: reset your password`, body: [`Your confirmation code is ${v.code}.`, 'It is valid for 10 minutes. If you did not ask for a new password, ignore this mail.'] }),
    de: (v) => ({ subject: `${P}: Passwort zurücksetzen`, body: [`Ihr Bestätigungscode lautet ${v.code}.`, 'Er ist 10 Minuten gültig. Falls Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail.'] }),
  },
  registerCode: {
    en: (v) => ({ subject: `${P}: confirm your email`, body: [`Welcome to ${P}, ${v.name}.`, `Your confirmation code is ${v.code}. It is valid for 10 minutes.`] }),
    de: (v) => ({ subject: `${P}: E-Mail bestätigen`, body: [`Willkommen bei ${P}, ${v.name}.`, `Ihr Bestätigungscode lautet ${v.code}. Er ist 10 Minuten gültig.`] }),
  },
  registerExists: {
    en: () => ({ subject: `${P}: registration attempt`, body: ['Someone tried to register with this address, which already has an account.', 'If this was you, sign in or reset your password.'] }),
    de: () => ({ subject: `${P}: Registrierungsversuch`, body: ['Jemand wollte sich mit dieser Adresse registrieren, für die bereits ein Konto besteht.', 'Falls Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück.'] }),
  },
  emailChangeCode: {
    en: (v) => ({ subject: `${P}: confirm your new email`, body: [`Your confirmation code is ${v.code}.`, 'Enter it in the settings to use this address. It is valid for 10 minutes.'] }),
    de: (v) => ({ subject: `${P}: neue E-Mail-Adresse bestätigen`, body: [`Ihr Bestätigungscode lautet ${v.code}.`, 'Geben Sie ihn in den Einstellungen ein, um diese Adresse zu verwenden. Er ist 10 Minuten gültig.'] }),
  },
  emailChanged: {
    en: (v) => ({ subject: `${P}: your email was changed`, body: [`Your account now uses ${v.email}.`, 'If you did not do this, contact support at once.'] }),
    de: (v) => ({ subject: `${P}: Ihre E-Mail-Adresse wurde geändert`, body: [`Ihr Konto verwendet jetzt ${v.email}.`, 'Falls Sie das nicht waren, wenden Sie sich sofort an den Support.'] }),
  },
  // A notification's copy (modules/notifications writes title and body in the user's language).
  notification: {
    en: (v) => ({ subject: `${P}: ${v.title}`, body: [v.body, ...(v.link ? [`Open it in ${P}: ${v.link}`] : []), 'You can turn these mails off in Settings > Notifications.'] }),
    de: (v) => ({ subject: `${P}: ${v.title}`, body: [v.body, ...(v.link ? [`In ${P} öffnen: ${v.link}`] : []), 'Sie können diese E-Mails unter Einstellungen > Benachrichtigungen abschalten.'] }),
  },
  passwordChanged: {
    en: () => ({ subject: `${P}: your password was changed`, body: ['Your password was changed and all sessions were ended.', 'If you did not do this, reset your password and contact support.'] }),
    de: () => ({ subject: `${P}: Ihr Passwort wurde geändert`, body: ['Ihr Passwort wurde geändert und alle Sitzungen wurden beendet.', 'Falls Sie das nicht waren, setzen Sie Ihr Passwort zurück und wenden Sie sich an den Support.'] }),
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(template: MailTemplate, language: Language, vars: Vars = {}): Rendered {
  const { subject, body } = T[template][language](vars);
  return {
    subject,
    text: body.join('\n\n'),
    html: `<!doctype html><html lang="${language}"><body>${body.map((p) => `<p>${esc(p)}</p>`).join('')}</body></html>`,
  };
}
