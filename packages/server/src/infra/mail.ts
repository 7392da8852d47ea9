/**
 * Outgoing mail: through SMTP (nodemailer) when the site setting `smtpUrl` is set, otherwise
 * appended to `<data>/outbox.log` so a small self-hosted server without a mail relay still shows
 * the codes to its administrator.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, paths } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes, as the settings say now. */
export interface Mailer {
  smtpUrl: string;
  mailFrom: string;
  outbox: string;
}

/** The two site settings mail reads (siteSettings.ts holds them). */
interface MailSettings {
  get(key: 'smtpUrl' | 'mailFrom'): string;
}

export function mailerOf(config: Config, settings: MailSettings): Mailer {
  return {
    smtpUrl: settings.get('smtpUrl'),
    mailFrom: settings.get('mailFrom'),
    outbox: paths.outbox(config),
  };
}

export async function sendMail(mailer: Mailer, mail: Mail): Promise<void> {
  if (mailer.smtpUrl) {
    const transport = nodemailer.createTransport(mailer.smtpUrl);
    try {
      await transport.sendMail({
        from: mailer.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    } finally {
      transport.close();
    }
    return;
  }
  const file = mailer.outbox;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = [
    `--- ${new Date().toISOString()}`,
    `From: ${mailer.mailFrom}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
    '',
  ].join('\n');
  fs.appendFileSync(file, entry, { mode: 0o600 });
}
