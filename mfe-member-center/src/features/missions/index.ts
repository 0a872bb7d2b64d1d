// Mission Activity (missionLeaderboard): the member's missions, each with its leaderboard, its
// milestones to reach and claim, and its rules.
export { default } from './missions-page';
export { translationsLoaded } from './translations';
