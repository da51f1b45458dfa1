/**
 * The host name a Host header (or SITE_URL) names, as the registry keys it: lower case, without
 * the port or a final dot, an IPv6 address in its brackets. Undefined for none (an HTTP/1.0
 * request may send no Host). docs/decisions/0071-houses-and-hosts.md
 */
export function hostName(raw: string | undefined): string | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  const name = value.startsWith('[')
    ? value.slice(0, value.indexOf(']') + 1)
    : value.split(':').length === 2
      ? value.slice(0, value.indexOf(':'))
      : value;
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  return bare || undefined;
}

/** The host name of an origin such as SITE_URL. */
export const originHost = (origin: string): string => new URL(origin).hostname.toLowerCase();
