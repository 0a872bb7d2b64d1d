import type { FastifyRequest } from 'fastify';

// This site's origin as a caller reached it (protocol://host[:port]), for the addresses the server
// hands back: a member's share link, where a payment provider or an OAuth provider sends the
// browser back. The Host header is the caller's to write: one that is no host name or bracketed
// IP address (markup, spaces, a user part) is replaced by localhost, so a forged header yields
// an address that leads nowhere instead of an error or markup in the answer.

const SAFE_HOST = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'hostname' | 'port'>): string {
  const port = request.port;
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  const host = SAFE_HOST.test(request.hostname ?? '') ? request.hostname : 'localhost';
  return `${request.protocol}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}
