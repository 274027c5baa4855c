// The mail adapter of issue 3 §5: one interface; SMTP via nodemailer when SMTP_URL is set,
// otherwise mails are printed to the server log — whole only in the demo (they carry one-time
// codes); outside the demo the log names recipient, template and outbox id, never the body.
import { config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The outbox row and template, for the log line (never part of the mail). */
  id?: string;
  template?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(msg: MailMessage): Promise<void>;
}

/** Without SMTP: the message is logged (the body only in the demo); the outbox row is the record. */
export const logTransport: MailTransport = {
  kind: 'log',
  async send(msg) {
    if (config.demo) {
      console.error(`[mail] to=${msg.to} subject=${JSON.stringify(msg.subject)}\n${msg.text}`);
    } else {
      console.error(`[mail] to=${msg.to} template=${msg.template ?? '-'} id=${msg.id ?? '-'}: not sent, no mail server is configured (SMTP_URL)`);
    }
  },
};

let smtp: Promise<MailTransport> | undefined;
let override: MailTransport | undefined;

export async function mailTransport(): Promise<MailTransport> {
  if (override) return override;
  if (!config.smtpUrl) return logTransport;
  smtp ??= import('./smtp').then((m) => m.smtpTransport(config.smtpUrl!, config.mailFrom));
  return smtp;
}

/** Tests only: use another transport (undefined restores the configured one). */
export function setMailTransport(t?: MailTransport): void {
  override = t;
}
