// The mail adapter of issue 3 §5: one interface; SMTP via nodemailer when SMTP_URL is set,
// otherwise mails stay in the outbox table and are printed to the server log.
import { config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(msg: MailMessage): Promise<void>;
}

/** Without SMTP: the message is logged; the outbox row (written before) is the record. */
export const logTransport: MailTransport = {
  kind: 'log',
  async send(msg) {
    console.error(`[mail] to=${msg.to} subject=${JSON.stringify(msg.subject)}\n${msg.text}`);
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
