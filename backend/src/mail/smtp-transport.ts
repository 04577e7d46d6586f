/** Nodemailer SMTP options from SMTP_URL (smtp://user:pass@host:port or smtps://…), with short timeouts. */
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A slow or dead server must not hold the worker for long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}
