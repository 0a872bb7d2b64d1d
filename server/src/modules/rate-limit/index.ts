// Counting attempts and locking a subject out (an account name, a client address, a mobile
// number): login, captcha images, free play, SMS codes, two-factor codes, password reset.
export {
  clearFailures,
  clearFailuresByPrefix,
  forgiveAttempt,
  lockedUntil,
  reserveAttempts,
  tooManyRequests,
  type ThrottleKey,
  type ThrottleRule,
} from './rate-limit.service';
export { addressSubject } from './address';
export { rateLimitMessages } from './rate-limit.messages';
