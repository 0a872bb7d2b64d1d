// The member's own calls: registration (account or mobile number), free play, member info,
// avatar, language, and the invitation-code check.
export { memberRoutes, type MemberRoutesOptions } from './member.routes';
export { maskMobile } from './member-info';
export { patternErrorCode, rangeOf, satisfiesRule } from './registration-rules';
export { memberMessages } from './member.messages';
export { profileRoutes, type ProfileRoutesOptions } from './profile.routes';
export { profileMessages } from './profile.messages';
// How the member's own e-mail address shows to them (support questions name it as a way to reach them).
export { maskEmail } from './profile.service';
