-- A round's sales hash: SHA-256 of the round's bets as they stood when its sales closed, written
-- when the round is drawn and made part of the draw's key (shared/src/lottery/draw.ts). The seed
-- is fixed before sales open; the bets only when they close. So whoever reads seeds early (a
-- leaked secrets key, an insider) cannot tell a round's numbers while it can still be bet on.
-- Rounds drawn before this column existed keep NULL and their seed-only draw.
ALTER TABLE lottery_round
  ADD COLUMN sales_hash text CHECK (sales_hash ~ '^[0-9a-f]{64}$');
