// Red Envelope (legacy page agentRedRain, "lucky bags to downlines"): an agent sends an
// amount from its main wallet to all its direct downlines or those it picks, in equal parts
// (share) or random ones (fighting), and sees what each receiver got.
export { default } from './red-envelope-page';
export { translationsLoaded } from './translations';
