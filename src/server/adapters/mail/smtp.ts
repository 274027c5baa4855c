// SMTP delivery with nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example:465).
import nodemailer from 'nodemailer';
import type { MailTransport } from './index';

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(msg) {
      await transporter.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html ?? undefined });
    },
  };
}
