import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts a client under (login lockout, submissions): an IPv4
 * address as it is, an IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address
 * by its /64, written one way. A home or mobile network hands its client a whole /64, and the
 * client picks the rest of its address at will, so counting whole addresses would let it start
 * afresh with every request.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
