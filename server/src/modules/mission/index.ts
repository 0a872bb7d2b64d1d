// Missions and leaderboards: time-boxed missions whose milestones members reach by settled
// activity, each milestone's reward claimed once, and leaderboard prizes paid once at the end.
export { missionRoutes, type MissionRoutesOptions } from './mission.routes';
export { missionOperatorRoutes } from './mission.operator-routes';
export { missionMessages } from './mission.messages';
export { createMissionLeaderboardJob, type MissionJobOptions } from './mission.job';
export { payDueLeaderboards, MISSION_HOUSE_ACCOUNT, MISSION_KIND, type LeaderboardRunResult } from './mission.service';
