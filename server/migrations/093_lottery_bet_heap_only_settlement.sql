-- Settling a lottery round writes no index entry again: its UPDATE of the bets is heap-only (HOT).
--
-- 039 built lottery_bet so that settlement changes only columns no index holds (state, win_count,
-- prize_minor, settled_at), with room on each page for the new row versions. 062 and 063 then
-- indexed settled bets by (member_id, settled_at) and (merchant_id, settled_at) WHERE state IN
-- ('won', 'lost'): settling changed an indexed column and a predicate's column, so no new version
-- was heap-only and each of the 1,000,000 bets of a round entered all six indexes of the table.
--
-- The readers of settled bets by time (missions, VIP, the dashboard, risk, agents' team money,
-- overview and real-time salary) now find them through their round: a won or lost bet is settled
-- by its round's settlement and only by it (settlement.service.ts), in the same statement's
-- transaction with the same time, so its settled_at is its round's. Rounds settled in a window
-- come from lottery_round_settled (058: merchant_id, settled_at WHERE state = 'settled'); their
-- bets from lottery_bet_round, or for one member (or an agent's team) from the index below, which
-- settlement never changes.
DROP INDEX lottery_bet_member_settled;
DROP INDEX lottery_bet_merchant_settled;
CREATE INDEX lottery_bet_member_round ON lottery_bet (member_id, round_id);

-- Every bet of a page is updated by the same statement, before any old version can be pruned, and
-- its settled version is longer than the open one (win_count and settled_at were NULL): a new
-- version finds room on its page only if more than half the page was left free. Measured with
-- npm run bench -- --lottery (1,000,000 bets; pg_stat_user_tables.n_tup_hot_upd): at 039's 70,
-- 402,617 were heap-only; at 50, 954,401; at 45, all of them. Pages already written keep their
-- fill; new ones are filled to 45%.
ALTER TABLE lottery_bet SET (fillfactor = 45);
