import type { FastifyRequest } from 'fastify';

// This site's origin as a caller reached it (protocol://host[:port]), for the addresses the server
// hands back: a member's share link, where a payment provider or an OAuth provider sends the
// browser back. The Host header is the caller's to write: one that is no host name or bracketed
// IP address (markup, spaces, a user part) is replaced by localhost, and a port outside 1-65535
// (the header may say example.com:99999) is dropped, so a forged header yields an address that
// parses and leads nowhere instead of an error or markup in the answer.

const SAFE_HOST = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** The port a Host header named, when it is one a URL can carry. */
export function usablePort(port: number | null | undefined): number | undefined {
  return Number.isInteger(port) && (port as number) >= 1 && (port as number) <= 65535 ? (port as number) : undefined;
}

export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'hostname' | 'port'>): string {
  const port = usablePort(request.port);
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  const host = SAFE_HOST.test(request.hostname ?? '') ? request.hostname : 'localhost';
  return `${request.protocol}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}
