import { api, type PagedList } from '@platform/shared';
import {
  agentCreateDownlineCall,
  agentCreateLinkCall,
  agentDeleteLinkCall,
  agentLinksCall,
  agentRebateSettingsCall,
  agentRegisteredAffiliatesCall,
  type AffiliateLinkExpiry,
  type AgentLink,
} from '@platform/contract';
import type { RebateRange } from './rebate-options';

// The Register Centre's calls. The account creation is encrypted by its contract row.

export type AccountType = 'agent' | 'player';

export function loadRebateRange(signal: AbortSignal): Promise<RebateRange> {
  return api.call(agentRebateSettingsCall, { signal });
}

export interface NewDownline {
  accountType: AccountType;
  username: string;
  password: string;
  rebateSeries: number;
}

/** Opens a downline account (POST /wps/agent/downline, encrypted). */
export async function createDownline(downline: NewDownline): Promise<{ username: string }> {
  const value = await api.call(agentCreateDownlineCall, { data: downline });
  return { username: value.username };
}

export interface NewLink {
  accountType: AccountType;
  rebateSeries: number;
  expiry: AffiliateLinkExpiry;
  /** Left out when blank. */
  channel: string;
}

export function createLink(link: NewLink): Promise<AgentLink> {
  const { channel, ...rest } = link;
  return api.call(agentCreateLinkCall, { data: channel ? { ...rest, channel } : rest });
}

/** The agent's links, newest first, as one page of the links table. */
export async function loadLinks(signal: AbortSignal): Promise<PagedList<AgentLink>> {
  const list = await api.call(agentLinksCall, { signal });
  return { list, totalPages: 1 };
}

export async function deleteLink(affiUrlId: number): Promise<void> {
  await api.call(agentDeleteLinkCall, { params: { affiUrlId } });
}

export interface RegisteredAffiliate {
  memberId: number;
  username: string;
  accountType: AccountType;
  registrationTime: number;
  code: string;
}

export async function loadRegisteredAffiliates(page: number, size: number, signal: AbortSignal): Promise<PagedList<RegisteredAffiliate>> {
  const value = await api.call(agentRegisteredAffiliatesCall, { params: { page, size }, signal });
  return { list: value.list, totalPages: value.totalPages };
}

/** The address a link invites to: the site's registration page with the link's code. */
export const invitationUrl = (code: string, origin: string = window.location.origin): string => `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;
