// The missions' calls, and the one place their amounts turn from major units (the wire) into minor
// units (what the page formats). The claim is sent quiet: the page says a refusal itself, on the
// milestone, so no toast comes besides.
import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  claimMissionRewardsCall,
  missionLeaderboardCall,
  missionMilestonesCall,
  missionRulesCall,
  missionSummaryDetailsCall,
  type MissionClaimed,
  type MissionLeaderboard,
  type MissionMilestones,
  type MissionRules,
  type MissionSummaryDetails,
} from '@platform/contract';

/** An amount of the wire in minor units (0 for anything that is not one). */
export const minorOf = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

const quietClaim = { ...claimMissionRewardsCall, quiet: true };

export const loadMissions = (signal: AbortSignal): Promise<MissionSummaryDetails> => api.call(missionSummaryDetailsCall, { params: { page: 1, size: 50 }, signal });
export const loadMilestones = (missionId: number, signal: AbortSignal): Promise<MissionMilestones> => api.call(missionMilestonesCall, { params: { missionId }, signal });
export const loadLeaderboard = (missionId: number, signal: AbortSignal): Promise<MissionLeaderboard> => api.call(missionLeaderboardCall, { params: { missionId }, signal });
export const loadRules = (missionId: number, signal: AbortSignal): Promise<MissionRules> => api.call(missionRulesCall, { params: { missionId, device: 'web' }, signal });
export const claimMilestone = (missionId: number, milestoneId: number): Promise<MissionClaimed> => api.call(quietClaim, { data: { missionId, milestoneId } });
