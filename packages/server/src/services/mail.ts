/**
 * Outgoing mail: through SMTP (nodemailer) when `config.smtpUrl` is set, otherwise appended to
 * `<data>/outbox.log` so a small self-hosted server without a mail relay still shows the codes
 * to its administrator.
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

export async function sendMail(config: Config, mail: Mail): Promise<void> {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    } finally {
      transport.close();
    }
    return;
  }
  const file = paths.outbox(config);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = [
    `--- ${new Date().toISOString()}`,
    `From: ${config.mailFrom}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
    '',
  ].join('\n');
  fs.appendFileSync(file, entry, { mode: 0o600 });
}
