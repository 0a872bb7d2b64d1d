import { api } from '@platform/shared';
import { AFFILIATE_CONTACT_MAX_LENGTH, AFFILIATE_MESSAGE_MAX_LENGTH, affiliateApplicationCall, affiliateApplyCall, type AffiliateApplication } from '@platform/contract';

// The affiliate application's calls (POST and GET /wps/agent/application).

/** The contract's bounds of the form's fields. */
export const CONTACT_MAX_LENGTH = AFFILIATE_CONTACT_MAX_LENGTH;
export const MESSAGE_MAX_LENGTH = AFFILIATE_MESSAGE_MAX_LENGTH;

/** The caller's latest application; null when it has never applied. */
export function loadLatestApplication(signal: AbortSignal): Promise<AffiliateApplication | null> {
  return api.call(affiliateApplicationCall, { signal });
}

export interface NewApplication {
  contact: string;
  message: string;
}

/** Sends an application; the answer is the application, awaiting the operator's answer. */
export function applyToBecomeAgent(application: NewApplication): Promise<AffiliateApplication> {
  return api.call(affiliateApplyCall, { data: application });
}
