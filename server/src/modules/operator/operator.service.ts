import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../identity';
import { clearFailures, reserveAttempts, tooManyRequests, type ThrottleRule } from '../rate-limit';
import { acceptedTotpStep, generateTotpSecret, totpUri } from '../totp';
import { openText, seal, type SecretsKey } from '../../secrets-key';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from './operator-roles';
import * as queries from './operator.queries';
import type { AuditFilter, OperatorRecord, TokenOperator } from './operator.queries';

export type { OperatorRecord, AuditRow, AuditFilter, TokenOperator } from './operator.queries';

/** An operator's API token lasts one working shift. */
export const OPERATOR_TOKEN_LIFETIME_MS = 8 * 60 * 60_000;
/** Wrong passwords lock an operator name for a while: 5 within 15 minutes → 15 minutes. */
export const OPERATOR_LOGIN_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** …and a client address trying many names: 20 within 15 minutes → 15 minutes. */
export const OPERATOR_ADDRESS_RULE: ThrottleRule = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** One adjustment moves at most this much (minor units): a typo of a few zeros is refused. */
export const MAX_ADJUSTMENT_MINOR = 100_000_000_00;

const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

export interface NewOperator {
  merchantCode: string;
  username: string;
  password: string;
  /** What the operator may do (operator-roles.ts). */
  role: OperatorRole;
  nowMs: number;
}

/** What the operator enrols in their authenticator app: the secret and its otpauth:// URI. */
export interface OperatorTotp {
  secret: string;
  uri: string;
}

const sealTotp = (secretsKey: SecretsKey, secret: string): string => seal(secretsKey, 'operator.totp_secret', secret);
const totpOf = (merchantCode: string, username: string, secret: string): OperatorTotp => ({ secret, uri: totpUri(secret, `${merchantCode} back office`, username) });

/**
 * Creates an operator (the command-line tool's bootstrap, run with the database owner's rights)
 * with a new authenticator secret, sealed with SECRETS_KEY: every operator signs in with their
 * password and a code of it. Answers the id and the secret to enrol (shown once).
 */
export async function createOperator(db: Db, secretsKey: SecretsKey, input: NewOperator): Promise<{ id: number; totp: OperatorTotp }> {
  const merchantId = await queries.selectMerchantId(db, input.merchantCode);
  if (merchantId === undefined) throw new Error(`No merchant with code ${input.merchantCode}`);
  if (input.password.length < 12) throw new Error('An operator password has at least 12 characters');
  if (!isOperatorRole(input.role)) throw new Error(`An operator's role is one of ${OPERATOR_ROLES.join(', ')}`);
  const secret = generateTotpSecret();
  const id = await queries.insertOperator(db, {
    merchantId,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    totpSecretSealed: sealTotp(secretsKey, secret),
    nowMs: input.nowMs,
  });
  return { id, totp: totpOf(input.merchantCode, input.username, secret) };
}

/** A new authenticator secret for an existing operator (a lost phone, operators made before migration 047). */
export async function enrolOperatorTotp(db: Db, secretsKey: SecretsKey, input: { merchantCode: string; username: string }): Promise<OperatorTotp> {
  const merchantId = await queries.selectMerchantId(db, input.merchantCode);
  if (merchantId === undefined) throw new Error(`No merchant with code ${input.merchantCode}`);
  const secret = generateTotpSecret();
  if (!(await queries.updateTotpSecret(db, merchantId, input.username, sealTotp(secretsKey, secret)))) {
    throw new Error(`No operator ${input.username} in merchant ${input.merchantCode}`);
  }
  return totpOf(input.merchantCode, input.username, secret);
}

export interface OperatorLogin {
  token: string;
  expiresAt: number;
  operator: OperatorRecord;
}

/**
 * Checks an operator's password and issues an API token. Wrong passwords are counted before they
 * are checked (rate-limit module), per operator name and per client address, so concurrent
 * guesses cannot exceed the limit; an unknown name costs the same hashing time as a known one.
 */
export async function loginOperator(
  db: Db,
  secretsKey: SecretsKey,
  input: { merchantCode: string; username: string; password: string; otp?: string; clientIp: string; nowMs: number },
): Promise<OperatorLogin> {
  const merchantId = await queries.selectMerchantId(db, input.merchantCode);
  if (merchantId === undefined) {
    await verifyAgainstDecoy(input.password);
    throw new AppError(401, 'operator.login.failed');
  }
  const nameKey = { scope: 'operator.login', subject: input.username.toLowerCase() };
  const addressKey = { scope: 'operator.ip', subject: input.clientIp };
  const reservation = await reserveAttempts(db, merchantId, [
    { key: addressKey, rule: OPERATOR_ADDRESS_RULE },
    { key: nameKey, rule: OPERATOR_LOGIN_RULE },
  ], input.nowMs);
  if (!reservation.allowed) throw tooManyRequests(OPERATOR_LOGIN_RULE.lockMs / 60_000, reservation.lockedUntilMs);
  const operator = await queries.selectOperatorForLogin(db, merchantId, input.username);
  const valid = operator ? await verifyPassword(operator.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  if (!operator || !valid) throw new AppError(401, 'operator.login.failed');
  // The second factor: a code of the operator's authenticator, each code once. An operator with
  // no secret (made before migration 047) cannot sign in until `ops enrol-totp` gives them one.
  // A wrong or missing code counts as a failed attempt like a wrong password.
  if (operator.totpSecretSealed === null) throw new AppError(401, 'operator.totp.required');
  const secret = openText(secretsKey, 'operator.totp_secret', operator.totpSecretSealed);
  const step = input.otp === undefined ? null : acceptedTotpStep(secret, input.otp, input.nowMs, operator.totpLastStep);
  if (step === null || !(await queries.claimTotpStep(db, operator.id, step))) throw new AppError(401, 'operator.totp.invalid');
  await clearFailures(db, merchantId, nameKey);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = input.nowMs + OPERATOR_TOKEN_LIFETIME_MS;
  await queries.insertToken(db, { operatorId: operator.id, tokenHash: hashToken(token), nowMs: input.nowMs, expiresAtMs: expiresAt, clientIp: input.clientIp });
  const { passwordHash: _hash, totpSecretSealed: _secret, totpLastStep: _step, ...record } = operator;
  return { token, expiresAt, operator: record };
}

/** The operator of a live token, or undefined (unknown, expired, revoked, or the operator disabled). */
export async function authenticateOperator(db: Db, token: string, nowMs: number): Promise<TokenOperator | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return queries.selectOperatorByToken(db, hashToken(token), nowMs);
}

export const revokeOperatorToken = (db: Db, tokenId: number, nowMs: number): Promise<void> => queries.revokeToken(db, tokenId, nowMs);

export interface AuditContext {
  db: Db;
  merchantId: number;
  operatorId: number | null;
  requestId?: string;
  clientIp?: string;
  now: () => number;
}

export interface AuditedAction {
  action: string;
  targetType?: string;
  targetId?: string;
  /** What was asked: never a password or a token. */
  detail?: Record<string, unknown>;
}

/**
 * Runs an operator action between two audit rows: 'started' before anything is done, then 'ok',
 * or 'refused' with the error code. An action interrupted between the two (a crash) is visible
 * as a 'started' row without its outcome.
 */
export async function audited<T>(context: AuditContext, action: AuditedAction, run: () => Promise<T>): Promise<T> {
  const entry = {
    merchantId: context.merchantId,
    operatorId: context.operatorId,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    detail: action.detail ?? {},
    requestId: context.requestId,
    clientIp: context.clientIp,
  };
  await queries.insertAudit(context.db, { ...entry, outcome: 'started', nowMs: context.now() });
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const errorCode = error instanceof AppError ? error.errorCode : 'system.err';
    await queries.insertAudit(context.db, { ...entry, outcome: 'refused', errorCode, nowMs: context.now() });
    throw error;
  }
  await queries.insertAudit(context.db, { ...entry, outcome: 'ok', nowMs: context.now() });
  return result;
}

/** A change as the audit trail records it: the thing before and after it (null: created or deleted), and what the route answers. */
export interface AuditedChange<T> {
  before: unknown;
  after: unknown;
  value: T;
}

/**
 * Runs a change under audit, once (audited's started, then ok or refused rows): the started row
 * records what was asked; the outcome row what the thing was before the change and is after it
 * (with the operator's reason, when one was asked),
 * so the trail answers "what did this operator change, from what to what" without a second
 * lookup. A refused change keeps what was asked and changes nothing.
 */
export async function auditedChange<T>(context: AuditContext, action: Omit<AuditedAction, 'detail'> & { asked?: Record<string, unknown> }, change: () => Promise<AuditedChange<T>>): Promise<T> {
  const { asked = {}, ...named } = action;
  // audited writes the outcome row with this object: it holds what was asked until the change is
  // done, then the before and after the change answered, and the reason the operator wrote (the
  // trail's searches and its CSV show it in a column of its own).
  const detail: Record<string, unknown> = { ...asked };
  return audited(context, { ...named, detail }, async () => {
    const { before, after, value } = await change();
    for (const key of Object.keys(detail)) if (key !== 'reason') delete detail[key];
    detail.before = before ?? null;
    detail.after = after ?? null;
    return value;
  });
}

/** Records a failed login (no operator yet): the name tried, never the password. */
export function auditFailedLogin(db: Db, input: { merchantCode: string; username: string; errorCode: string; requestId?: string; clientIp?: string; nowMs: number }): Promise<void> {
  return queries.selectMerchantId(db, input.merchantCode).then(async (merchantId) => {
    if (merchantId === undefined) return;
    await queries.insertAudit(db, {
      merchantId,
      operatorId: null,
      action: 'login',
      outcome: 'refused',
      errorCode: input.errorCode,
      detail: { username: input.username },
      requestId: input.requestId,
      clientIp: input.clientIp,
      nowMs: input.nowMs,
    });
  });
}

/** Records a request refused by the operator's role (operator-roles.ts): the route asked for. */
export async function auditRoleRefusal(db: Db, input: { merchantId: number; operatorId: number; route: string; requestId?: string; clientIp?: string; nowMs: number }): Promise<void> {
  await queries.insertAudit(db, {
    merchantId: input.merchantId,
    operatorId: input.operatorId,
    action: 'route.call',
    outcome: 'refused',
    errorCode: 'operator.role.forbidden',
    detail: { route: input.route },
    requestId: input.requestId,
    clientIp: input.clientIp,
    nowMs: input.nowMs,
  });
}

export const auditTrail = (db: Db, merchantId: number, limit: number, filter: AuditFilter = {}) => queries.selectAudit(db, merchantId, limit, filter);

/** Blocks or unblocks a real member of the operator's merchant (404 operator.member.not.found otherwise); answers their state before and after. */
export async function setMemberBlocked(db: Db, input: { merchantId: number; username: string; blocked: boolean; nowMs: number }) {
  const change = await queries.updateMemberBlock(db, input.merchantId, input.username, input.blocked, input.nowMs);
  if (!change) throw new AppError(404, 'operator.member.not.found');
  return change;
}
