// The agent programme as the operator API answers it (server agent.operator-queries.ts), and the
// small rules the Agents section applies to it: a tree with a level loaded on demand, the terms of
// a contract in a line, a contract's starting terms per kind.

export const CONTRACT_KINDS = ['realtime', 'daily', 'hourly', 'dividend'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export interface TreeNode {
  memberId: number;
  username: string;
  accountType: 'agent' | 'player';
  status: string;
  uplineUsername: string | null;
  directAgents: number;
  directPlayers: number;
  teamSize: number;
  contracts: ContractKind[];
  /** null: not loaded yet. */
  children: TreeNode[] | null;
  moreChildren: number;
}

export interface TreeAnswer {
  root: TreeNode | null;
  path: string[];
  agents: TreeNode[];
}

export interface ContractEvent {
  /** null: not recorded (a termination asked). */
  time: number | null;
  event: 'created' | 'accepted' | 'rejected' | 'termination_asked' | 'changed' | 'ended';
  by: string | null;
}

export interface AgentContract {
  contractId: number;
  kind: ContractKind;
  state: 'pending' | 'active' | 'rejected' | 'terminated';
  uplineUsername: string | null;
  terms: Record<string, unknown>;
  createdTime: number;
  decidedTime: number | null;
  terminatedTime: number | null;
  replacedBy: number | null;
  history: ContractEvent[];
}

export interface ContractsAnswer {
  agent: TreeNode;
  topAgent: boolean;
  contracts: AgentContract[];
}

export interface AffiliateApplication {
  applicationId: number;
  username: string;
  contact: string;
  message: string;
  state: 'pending' | 'approved' | 'rejected';
  answer: string;
  createdTime: number;
  decidedTime: number | null;
}

export interface AgentRun {
  runId: number;
  kind: ContractKind;
  cycle: string;
  ranTime: number;
  periodStart: number | null;
  periodEnd: number | null;
  rounds: number;
  agents: number;
  paid: number;
  ledgerPaid: number;
  linesPaid: number;
  expectedPaid: number | null;
  check: 'recomputed' | 'ledger';
  consistent: boolean;
  difference: number;
  mismatchedAgents: number;
}

export interface AgentRunLine {
  username: string;
  rows: number;
  figure: number | null;
  rate: number | null;
  gross: number | null;
  downline: number | null;
  recorded: number;
  ledger: number;
  expected: number | null;
  consistent: boolean;
}

/** The tree with `children` put under the member `username` (found at any depth); the rest unchanged. */
export function withChildren(node: TreeNode, username: string, children: TreeNode[], moreChildren: number): TreeNode {
  if (node.username === username) return { ...node, children, moreChildren };
  if (!node.children) return node;
  return { ...node, children: node.children.map((child) => withChildren(child, username, children, moreChildren)) };
}

/** The tree with the member's children folded away (null: loaded again when opened). */
export function collapsed(node: TreeNode, username: string): TreeNode {
  if (node.username === username) return { ...node, children: null };
  if (!node.children) return node;
  return { ...node, children: node.children.map((child) => collapsed(child, username)) };
}

/** A rate in 0.01 % units as a percentage ("1.25 %"). */
export const percent = (rate: unknown): string => (typeof rate === 'number' ? `${(rate / 100).toFixed(2)} %` : '–');

/** A contract's terms in one line: rates per game (real-time) or its tiers (salary, dividend). */
export function termsLine(kind: ContractKind, terms: Record<string, unknown>): string {
  if (kind === 'realtime') {
    const rates = (value: unknown) => {
      const pair = (value ?? {}) as { profitRate?: number; lossRate?: number };
      return `${percent(pair.profitRate)} / ${percent(pair.lossRate)}`;
    };
    const games = Object.entries((terms.games ?? {}) as Record<string, unknown>).map(([game, value]) => `${game}: ${rates(value)}`);
    return [`default: ${rates(terms.default)}`, ...games].join('; ');
  }
  const tiers = (Array.isArray(terms.tiers) ? terms.tiers : []) as { bet?: number; loss?: number; active?: number; rate?: number }[];
  const line = tiers.map((tier) => `≥ ${tier.bet ?? tier.loss ?? 0} · ${tier.active ?? 0}+ → ${percent(tier.rate)}`).join('; ');
  return kind === 'dividend' ? `${String(terms.cycle ?? '')}: ${line}` : line;
}

/** The terms a new contract of the kind starts from in the form (the operator edits them). */
export const STARTING_TERMS: Record<ContractKind, object> = {
  realtime: { default: { profitRate: 100, lossRate: 50 } },
  daily: { tiers: [{ bet: 1000, active: 1, rate: 50 }] },
  hourly: { tiers: [{ bet: 100, active: 1, rate: 20 }] },
  dividend: { cycle: 'weekly', tiers: [{ loss: 1000, active: 1, rate: 1000 }] },
};

/** Parses the terms typed as JSON: an object, else null. */
export function parseTerms(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
