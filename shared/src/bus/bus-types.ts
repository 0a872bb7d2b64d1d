import type { PaymentStatusChange } from '@platform/contract';
import type { AmountMinor } from '../money/amount-minor';
import type { LanguageCode, MemberInfo, SystemStatus } from '../types/wire';
import type { AgentCenterPage, MemberCenterPage } from '@platform/contract';

export interface SessionState {
  token: string | null;
  member: MemberInfo | null;
  /** Member `type` (the contract's member types): 1, 2, 41, 42 agents; 4 a guest (free-play) account; 0 a plain member. */
  isAgent: number | null;
}

/** Kept by the balance service (shared/src/balance): any app reads it, none loads it itself. */
export interface BalanceState {
  /** Sum of the player's wallets in minor units; null until loaded and without a session. */
  sumBalanceMinor: AmountMinor | null;
  loading: boolean;
}

export type Theme = 'dark' | 'light';

export interface SettingsState {
  status: SystemStatus | null;
}

export type LoginTab = 'login' | 'register';

export interface LaunchGameTarget {
  gameType: string;
  vassalage: string;
  gameCode?: string;
  nodeId?: string;
}

export type ToastLevel = 'info' | 'success' | 'warning' | 'error';

/** What one app asks another to do. Nobody imports another app: they send a command. */
export type BusCommand =
  | { type: 'openLogin'; tab: LoginTab }
  | { type: 'openRegister' }
  | { type: 'openMemberCenter'; page: MemberCenterPage }
  | { type: 'openAgentCenter'; page: AgentCenterPage }
  | { type: 'closeOverlay' }
  | { type: 'launchGame'; game: LaunchGameTarget }
  | { type: 'logout' }
  | { type: 'toast'; message: string; level: ToastLevel }
  /** Load the balance again now (after a bet, a deposit, the header's refresh button). */
  | { type: 'refreshBalance' }
  /** One of the member's deposits, withdrawals or C2C orders changed status (pushed by the server). */
  | { type: 'paymentStatus'; change: PaymentStatusChange }
  /** The member's unread live-chat messages, pushed by the server on the balance stream (the shell's chat badges). */
  | { type: 'chatUnread'; unreadCount: number };

export type BusCommandType = BusCommand['type'];
export type CommandOf<T extends BusCommandType> = Extract<BusCommand, { type: T }>;

export interface BusStates {
  session: SessionState;
  balance: BalanceState;
  language: LanguageCode;
  theme: Theme;
  settings: SettingsState;
}
