import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The first four groups of an IPv6 address, each in its shortest form. */
function network64(ip: string): string[] {
  const address = ip.split('%')[0]!.toLowerCase();
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  // An embedded IPv4 address takes the place of two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const [head = '', tail] = address.split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array<string>(Math.max(0, 8 - width(before) - width(after))).fill('0'), ...after];
  return groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16));
}

/**
 * The address a per-address limit counts a client by: an IPv4 address as it
 * is, an IPv6 address by its /64 network. A single subscriber is handed a
 * whole /64 at least, so counting single IPv6 addresses would let one client
 * take a fresh address for every attempt and never meet a limit.
 */
export function limitedAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  return `${network64(ip).join(':')}::/64`;
}

/** The request's client, as every per-address limit counts it. */
export const limitedAddressOf = (request: FastifyRequest): string => limitedAddress(request.ip);
