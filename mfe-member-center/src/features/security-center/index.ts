// The member centre's "My Account" page (securityCenter): profile, mobile and e-mail binding, login
// and payment passwords, two-step sign-in, and the security level they add up to.
export { SecurityCenterPage as default } from './security-center';
export { translationsLoaded } from './translations';
