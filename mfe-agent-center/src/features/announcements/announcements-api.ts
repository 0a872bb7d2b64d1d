import { api, type PagedList } from '@platform/shared';
import { agentAnnouncementsCall, type AgentAnnouncement } from '@platform/contract';

export type { AgentAnnouncement };

/**
 * One page of the merchant's announcements for agents, newest first (the server's order, kept
 * within the page should an answer mix it).
 */
export async function loadAgentAnnouncements(query: { page: number; size: number }, signal: AbortSignal): Promise<PagedList<AgentAnnouncement>> {
  const value = await api.call(agentAnnouncementsCall, { params: { page: query.page, size: query.size }, signal });
  return {
    list: [...value.list].sort((a, b) => b.createTime - a.createTime || b.id - a.id),
    totalPages: value.totalPages,
  };
}
