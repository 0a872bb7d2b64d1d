// The affiliate application: what the agent centre shows a player who is not an
// agent. The programme in short, the player's latest application and its answer, and the form to
// apply (again, after a refusal). An operator approves (the player becomes an agent) or refuses.
export { default } from './affiliate-application-page';
export { translationsLoaded } from './translations';
