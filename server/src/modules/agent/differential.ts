// The differential of the period kinds (daily and hourly salary, dividends), the same invariant as
// the real-time wages and the agent rebate (wages.service.ts, "THE INVARIANT"): what all agents of
// a path are paid for the team money under the topmost contracted agent is at most that agent's
// gross, and each agent is paid its gross less the gross of the nearest contracted agents below it
// (its "frontier": a contracted descendant with no contracted agent in between), never below 0.
//   - rate in force = min(own tier rate, the rate in force of the nearest contracted agent above):
//     a lowered upline caps its downlines whatever their rows say;
//   - gross = what the rate in force gives the agent's own team (grossAt);
//   - allowed: a frontier never gets more than its upline's allowed gross. Team betting only grows
//     going up, so for salary this never bites; a dividend's base can be positive under an agent
//     whose whole team won (its upline's base ≤ 0): the frontier then shares its upline's allowed
//     gross in proportion to its own gross (floored), so the house never pays a team more dividend
//     than its top's terms give the whole team;
//   - paid = allowed − the frontier's allowed.
// An agent whose nearest contracted upline is out of the run (a dividend contract of another
// cycle: `inRun` false) is capped at 0: its terms no longer sit under its upline's.

export interface DifferentialInput {
  agentId: string;
  ownRate: number;
  inRun: boolean;
  /** The gross a rate gives this agent's team (minor units, floored). */
  grossAt: (rate: number) => bigint;
}

export interface DifferentialResult {
  agentId: string;
  rate: number;
  grossMinor: bigint;
  downlineMinor: bigint;
  amountMinor: bigint;
}

/**
 * `ancestors`: for every agent of `agents`, its contracted ancestors (among `agents`) with their
 * depth above it. Returns one result per agent with inRun.
 */
export function differential(agents: DifferentialInput[], ancestors: { agentId: string; ancestorId: string; depth: number }[]): DifferentialResult[] {
  const nearest = new Map<string, { id: string; depth: number }>();
  const levels = new Map<string, number>();
  for (const row of ancestors) {
    levels.set(row.agentId, (levels.get(row.agentId) ?? 0) + 1);
    const known = nearest.get(row.agentId);
    if (!known || row.depth < known.depth) nearest.set(row.agentId, { id: row.ancestorId, depth: row.depth });
  }
  // Top first: an agent's upline is settled before it.
  const order = [...agents].sort((a, b) => (levels.get(a.agentId) ?? 0) - (levels.get(b.agentId) ?? 0));
  const byId = new Map(agents.map((agent) => [agent.agentId, agent]));
  const rate = new Map<string, number>();
  const gross = new Map<string, bigint>();
  const children = new Map<string, string[]>();
  for (const agent of order) {
    const upline = nearest.get(agent.agentId)?.id;
    const uplineAgent = upline === undefined ? undefined : byId.get(upline);
    let inForce = Math.max(0, agent.ownRate);
    if (uplineAgent) inForce = uplineAgent.inRun && agent.inRun ? Math.min(inForce, rate.get(uplineAgent.agentId) ?? 0) : 0;
    rate.set(agent.agentId, inForce);
    gross.set(agent.agentId, inForce > 0 ? agent.grossAt(inForce) : 0n);
    if (upline !== undefined) children.set(upline, [...(children.get(upline) ?? []), agent.agentId]);
  }
  const allowed = new Map<string, bigint>();
  for (const agent of order) {
    if (!nearest.has(agent.agentId) || !byId.has(nearest.get(agent.agentId)!.id)) allowed.set(agent.agentId, gross.get(agent.agentId)!);
    const own = allowed.get(agent.agentId) ?? 0n;
    const frontier = children.get(agent.agentId) ?? [];
    const wanted = frontier.reduce((sum, id) => sum + gross.get(id)!, 0n);
    for (const id of frontier) allowed.set(id, wanted <= own ? gross.get(id)! : (gross.get(id)! * own) / wanted);
  }
  return agents
    .filter((agent) => agent.inRun)
    .map((agent) => {
      const own = allowed.get(agent.agentId) ?? 0n;
      const downline = (children.get(agent.agentId) ?? []).reduce((sum, id) => sum + (allowed.get(id) ?? 0n), 0n);
      return { agentId: agent.agentId, rate: rate.get(agent.agentId)!, grossMinor: own, downlineMinor: downline, amountMinor: own > downline ? own - downline : 0n };
    });
}
