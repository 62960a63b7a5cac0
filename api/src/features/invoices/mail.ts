import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

const headerText = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`);
const base64Lines = (content: Buffer) => content.toString('base64').replace(/.{1,76}/g, '$&\r\n');
/** Header values must not carry line breaks (header injection). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** A MIME message: a UTF-8 text part and, optionally, one attachment. */
export function toEml(message: Mail): string {
  const boundary = `=_orders_portal_${randomUUID()}`;
  const headers = [
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${oneLine(value)}`),
    `From: ${oneLine(message.from)}`,
    `To: ${oneLine(message.to)}`,
    `Subject: ${headerText(oneLine(message.subject))}`,
    `Date: ${message.date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@orders-portal>`,
    'MIME-Version: 1.0',
  ];
  const text = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(message.body, 'utf8'))];
  if (message.html !== undefined) {
    const html = ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(message.html, 'utf8'))];
    return [...headers, `Content-Type: multipart/alternative; boundary="${boundary}"`, '', `--${boundary}`, ...text, `--${boundary}`, ...html, `--${boundary}--`, ''].join('\r\n');
  }
  if (!message.attachment) return [...headers, ...text].join('\r\n');
  const { filename, contentType, content } = message.attachment;
  const encodedName = encodeURIComponent(filename);
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...text,
    `--${boundary}`,
    `Content-Type: ${contentType}; name="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename*=UTF-8''${encodedName}`,
    '',
    base64Lines(content),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * How a message leaves the portal: through an SMTP server with nodemailer when SMTP_URL is set, otherwise as
 * an RFC 5322 .eml file dropped in a folder (the deployment without SMTP, and the demo).
 */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  body: string;
  date: Date;
  attachment?: Attachment;
  /** An HTML alternative of `body` (the notifications' e-mail; not with an attachment). */
  html?: string;
  /** Further header fields (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Sends one message; `key` names it uniquely (the outbox id). Throws when it was not accepted. */
  send(mail: Mail, key: number): Promise<void>;
  close(): void;
}

/** The .eml folder; a file is written under a temporary name first, so a reader of the folder never sees half a message. */
export function fileTransport(dir: string): MailTransport {
  return {
    async send(mail, key) {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, `outbox-${String(key).padStart(8, '0')}.eml`);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, toEml(mail), { encoding: 'utf8', mode: 0o640 });
      await rename(temporary, target);
    },
    close() {},
  };
}

/**
 * SMTP (smtp:// with STARTTLS when the server offers it, smtps:// for TLS from the start; user and password in the URL).
 * Short timeouts: a server that does not answer fails the attempt, and the job queue retries it later.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html !== undefined ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        date: mail.date,
        attachments: mail.attachment
          ? [{ filename: mail.attachment.filename, contentType: mail.attachment.contentType, content: mail.attachment.content }]
          : [],
      });
    },
    close: () => transporter.close(),
  };
}

export function mailTransport(config: { SMTP_URL?: string; outboxDir: string }): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(config.outboxDir);
}
