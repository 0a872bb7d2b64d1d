// Invite Friends (referral): the member's invitation link and code with a QR code, the friends
// who registered with it and how far each is, what the member earned from them, the records, the
// achievements to claim and the programme's rules.
export { default } from './referral-page';
export { translationsLoaded } from './translations';
