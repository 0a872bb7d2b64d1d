-- A lost lottery bet is no longer written when its round is settled: its round's settlement makes
-- it lost.
--
-- Settling a round wrote a new version of every bet of the round, won or lost. Most bets lose, and
-- writing a row version costs about twice what the arithmetic deciding the bet does: for
-- 1,000,000 bets of one round (npm run bench -- --lottery) the UPDATE took 6 s, of which 4 s was
-- writing the versions alone. Settlement (settlement.service.ts) now writes only the bets it pays
-- (won) or refunds (push) and leaves the others as they were, state 'open' with no settled_at, in
-- the same transaction that moves the round to 'settled'. So in a settled round:
--   · an 'open' bet is a lost one, settled at its round's settled_at, with no winning ticket and
--     no prize (win_count NULL, prize_minor 0);
--   · every other state is the bet's own (won, push, cancelled, stopped; 'lost' in rows written
--     before this migration, which stay as they were).
-- Nothing can leave a bet open in a settled round otherwise: a bet is placed only in a round on
-- sale, under a share lock of the round that the draw and the settlement wait for
-- (betting.service.ts); settlement evaluates every open bet of its round, and refuses to settle a
-- round holding a bet of a play it has no features for; a bet's state changes from 'open' only
-- under a lock of its round that settlement's own lock excludes (cancel, void, a chase stopped on
-- a win).
--
-- lottery_bet_state is the one place that reads it: a bet's state as its player sees it, given
-- its round's state. Readers of settled bets join the round anyway (they find them by the round's
-- settlement time, migration 093) and ask lottery_bet_state(b.state, r.state) IN ('won', 'lost').
CREATE FUNCTION lottery_bet_state(bet_state text, round_state text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN bet_state = 'open' AND round_state = 'settled' THEN 'lost' ELSE bet_state END $$;
