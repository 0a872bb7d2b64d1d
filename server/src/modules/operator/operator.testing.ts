import type { Envelope } from '@platform/contract';
import { Secret, TOTP } from 'otpauth';
import { secretsKeyFromEnv } from '../../secrets-key';
import { json, type TestContext } from '../../testing/test-app';
import type { OperatorRole } from './operator-roles';
import { createOperator } from './operator.service';

// Operators for tests: made as the command-line tool makes them (with an authenticator secret)
// and signed in through the API with their password and a code, as the back office does.

/** The authenticator's code of `secret` at `nowMs`. */
export const totpCodeAt = (secret: string, nowMs: number): string => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: nowMs });

export interface TestOperator {
  username: string;
  merchantCode?: string;
  password?: string;
  role?: OperatorRole;
  /** The app's time (a test with a movable clock): the code is drawn for it. */
  nowMs?: number;
}

export const TEST_OPERATOR_PASSWORD = 'operator desk password';

/** Creates an operator (admin unless said) with the owner's rights; answers its id and authenticator secret. */
export async function createTestOperator(context: Pick<TestContext, 'ownerPool'>, operator: TestOperator): Promise<{ id: number; totpSecret: string }> {
  const made = await createOperator(context.ownerPool, secretsKeyFromEnv(), {
    merchantCode: operator.merchantCode ?? 'DEFAULT',
    username: operator.username,
    password: operator.password ?? TEST_OPERATOR_PASSWORD,
    role: operator.role ?? 'admin',
    nowMs: operator.nowMs ?? Date.now(),
  });
  return { id: made.id, totpSecret: made.totp.secret };
}

/** Signs an operator in (password and authenticator code) through POST /ops/v1/session; answers its token. */
export async function signInOperator(context: Pick<TestContext, 'app'>, operator: TestOperator & { totpSecret: string }): Promise<string> {
  const nowMs = operator.nowMs ?? Date.now();
  const response = await context.app.inject({
    method: 'POST',
    url: '/ops/v1/session',
    payload: {
      merchant: operator.merchantCode ?? 'DEFAULT',
      username: operator.username,
      password: operator.password ?? TEST_OPERATOR_PASSWORD,
      otp: totpCodeAt(operator.totpSecret, nowMs),
    },
  });
  if (response.statusCode !== 200) throw new Error(`operator login of ${operator.username} failed: ${response.body}`);
  return json<Envelope<{ token: string }>>(response).value.token;
}

/** A new operator, signed in: its token and authenticator secret. */
export async function operatorLogin(context: Pick<TestContext, 'app' | 'ownerPool'>, operator: TestOperator): Promise<{ token: string; totpSecret: string; id: number }> {
  const made = await createTestOperator(context, operator);
  return { token: await signInOperator(context, { ...operator, totpSecret: made.totpSecret }), totpSecret: made.totpSecret, id: made.id };
}
