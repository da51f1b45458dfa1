import type { Channel } from '../../shared/channels.js';

/**
 * The platform a feed's address belongs to, for a feed whose PRODID names none: a platform stay is
 * never exported back to its own platform (decision 0037).
 */
export function platformOfUrl(url: string): Channel {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (/(^|\.)airbnb\.[a-z.]+$/.test(host)) return 'airbnb';
  if (/(^|\.)booking\.com$/.test(host)) return 'booking';
  if (/(^|\.)(vrbo|homeaway)\.[a-z.]+$/.test(host)) return 'vrbo';
  return 'other';
}
