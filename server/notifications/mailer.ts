// The SMTP transport (Nodemailer over SMTP_URL), or none: without SMTP_URL nothing is enqueued nor sent and
// the "Mes notifications" screen says sending is off (docs/notifications.md).
import nodemailer from 'nodemailer';

export interface MailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every mail. */
  from?: string;
  /** PUBLIC_URL: the address the links of a mail lead to (the dashboard, the unsubscribe page). */
  publicUrl?: string;
}

/** An image the HTML shows as <img src="cid:…"> (the report's chart): attached inline, never fetched remotely. */
export interface InlineImage {
  cid: string;
  filename: string;
  /** The PNG's bytes, base64 (as the outbox stores them). */
  base64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
  images?: InlineImage[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export const DEFAULT_FROM = 'Visio3D <no-reply@visio3d.local>';

export function createMailer(settings: MailSettings): Mailer | null {
  if (!settings.smtpUrl) return null;
  const transport = nodemailer.createTransport(settings.smtpUrl);
  const from = settings.from || DEFAULT_FROM;
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // With a cid, Nodemailer puts the image in a multipart/related part beside the HTML.
        attachments: (mail.images ?? []).map((i) => ({
          cid: i.cid,
          filename: i.filename,
          content: Buffer.from(i.base64, 'base64'),
          contentType: 'image/png',
          contentDisposition: 'inline' as const,
        })),
        // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click to the same URL.
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    },
    close: () => transport.close(),
  };
}
