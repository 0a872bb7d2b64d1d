// The lottery's names for the member centre's lottery pages: games (game_<gameCode>),
// their lobby groups, play groups and plays (play_<playCode>, the plays of @platform/lottery-rules),
// in the seven translation sets. A page that shows them waits for translationsLoaded too.
export { useLotteryNames, type LotteryNames } from './use-lottery-names';
export { NAMESPACE, translationsLoaded } from './translations';
