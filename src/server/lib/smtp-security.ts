import ipaddr from 'ipaddr.js';

/** This machine: a mail relay here is reached without crossing a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * Whether mail to `smtpUrl` must be sent over STARTTLS (nodemailer's `requireTLS`): an smtp://
 * server on another machine would otherwise get the password and the guests' messages in clear
 * text whenever it, or someone in between, leaves STARTTLS out. smtps:// is TLS from the start, a
 * relay on this machine crosses no network, and SMTP_INSECURE=true (unsafe) turns it off.
 */
export function needsStartTls(smtpUrl: string, insecure: boolean): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && !insecure && !isLoopbackHost(url.hostname);
}
