-- Game wallets (issue 9): besides the main wallet, a member of a merchant that is not
-- single-wallet (merchant_setting 'wallet' {"single": false}) has one account per game vendor
-- (game_vendor row), created on first use. Money moves between them only through ledger
-- transactions (postTransaction), like everything else; the invariants of 005 and 015 hold
-- unchanged: a game wallet is a member account, so it never goes below zero.

ALTER TABLE ledger_account ADD COLUMN game_vendor_id integer REFERENCES game_vendor (id);

ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check
  CHECK (kind IN ('member_main', 'member_game', 'house_cash', 'house_play_money'));
-- A game wallet names its vendor, and only a game wallet does; game wallets hold real money.
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_game_vendor_check
  CHECK ((kind = 'member_game') = (game_vendor_id IS NOT NULL));
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_game_unit_check
  CHECK (kind <> 'member_game' OR unit = 'REAL');

-- One main wallet per member, one game wallet per member and vendor.
DROP INDEX ledger_account_member;
CREATE UNIQUE INDEX ledger_account_member ON ledger_account (member_id) WHERE kind = 'member_main';
CREATE UNIQUE INDEX ledger_account_member_game ON ledger_account (member_id, game_vendor_id) WHERE kind = 'member_game';
CREATE INDEX ledger_account_member_all ON ledger_account (member_id) WHERE member_id IS NOT NULL;
