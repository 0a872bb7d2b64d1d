// Transfer to upline: an agent sends money from their main wallet to their upline's, with
// the payment password, in one ledger transaction (kind upline_transfer).
export { agentTransferRoutes, type AgentTransferRoutesOptions } from './agent-transfer.routes';
export { agentTransferMessages } from './agent-transfer.messages';
export { DEFAULT_UPLINE_TRANSFER_SETTINGS, UPLINE_TRANSFER_KIND, readUplineTransferSettings } from './agent-transfer.service';
