// Transfer to upline (the legacy member-centre page transferUpline, an agent's call there; server
// module agent-transfer/): an agent (member types 1, 2, 41, 42) with an upline sends money from
// their main wallet to their upline's main wallet, proved with the payment password, under an
// Idempotency-Key like every money call. Amounts are major units with at most two decimals on the
// wire. The page's log is the member's transaction records (ODSFE2_MemTransDet) of type
// TX_TYPE_UPLINE_TRANSFER_OUT; the upline sees the money arrive as TX_TYPE_UPLINE_TRANSFER_IN.
import { defineCall, type RequestOf, type ValueOf } from './define-call';
import { PAYMENT_PASSWORD_PATTERN } from './withdrawal';

/** txTypeId of a transfer from the member's main wallet to their upline (the sender's record). */
export const TX_TYPE_UPLINE_TRANSFER_OUT = 8301;
/** txTypeId of a transfer received from a downline agent (the upline's record). */
export const TX_TYPE_UPLINE_TRANSFER_IN = 8302;
/** The longest remark a transfer to upline carries. */
export const UPLINE_TRANSFER_REMARK_MAX_LENGTH = 100;

/**
 * Sends `transferAmount` from the caller's main wallet to their upline's. Encrypted (it carries the
 * payment password); takes the Idempotency-Key header: the same key with the same amount and remark
 * answers the first transfer without moving money again; with another amount or remark it is
 * refused (409 wallet.idempotency.conflict). Checks in this order: the amount's format
 * (wallet.amount.invalid: positive, two decimals at most), an agent
 * (upline.transfer.not.agent, 403), with an upline of the merchant able to receive
 * (upline.transfer.no.upline), the payment password (not.exists.payment.password,
 * invalid.payment.pw, 429 TOO_MANY_REQUESTS while locked), the key (a replay answers here), the
 * merchant's limits (upline.transfer.amount.too.small / .too.large), the balance
 * (wallet.insufficient.balance). A refusal moves nothing.
 */
export const agentDownlineTransferCall = /*#__PURE__*/ defineCall({
  name: 'agentDownlineTransfer',
  method: 'POST',
  path: '/wps/relay/agentDownlineTransfer',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['transferAmount', 'password'],
    additionalProperties: false,
    properties: {
      transferAmount: { type: 'number', description: 'major units, positive, two decimals at most' },
      password: { type: 'string', pattern: PAYMENT_PASSWORD_PATTERN, description: 'payment password: exactly 6 digits' },
      remark: { type: 'string', maxLength: UPLINE_TRANSFER_REMARK_MAX_LENGTH, description: 'shown in both members’ records; empty by default' },
    },
  },
  value: {
    type: 'object',
    required: ['orderNo', 'transferAmount', 'sumBalance'],
    additionalProperties: false,
    properties: {
      orderNo: { type: 'string', description: 'the transfer’s number, as the records show it (U…)' },
      transferAmount: { type: 'number', description: 'major units' },
      sumBalance: { type: 'number', description: 'the caller’s balance (every wallet) after the transfer, major units' },
    },
  },
});

/**
 * What the transfer page needs before a transfer: whether the caller may transfer to an upline at
 * all (an agent with an upline) and the merchant's limits.
 */
export const uplineTransferSettingsCall = /*#__PURE__*/ defineCall({
  name: 'uplineTransferSettings',
  method: 'GET',
  path: '/wps/relay/getUplineTransferSettings',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['allowed', 'minimumAmount', 'maximumAmount'],
    additionalProperties: false,
    properties: {
      allowed: { type: 'boolean', description: 'the caller is an agent with an upline able to receive' },
      minimumAmount: { type: 'number', description: 'major units' },
      maximumAmount: { type: 'number', description: 'major units' },
    },
  },
});

export type AgentDownlineTransferRequest = RequestOf<typeof agentDownlineTransferCall>;
export type AgentDownlineTransfer = ValueOf<typeof agentDownlineTransferCall>;
export type UplineTransferSettings = ValueOf<typeof uplineTransferSettingsCall>;
