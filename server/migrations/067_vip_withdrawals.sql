-- Faster withdrawals as a benefit of a VIP level (modules/vip, modules/withdrawal): until now a
-- level could only describe its withdrawal privilege in words (vip_level.withdrawal_texts). These
-- figures are applied by the withdrawal module itself, through a hook app.ts wires to the VIP
-- module (the withdrawal module does not read VIP tables: the VIP module already depends on it).
-- Every default leaves existing merchants exactly as they were.

-- Per level, on top of the merchant's `withdraw` setting: withdrawals a day beyond dailyMaxCount,
-- free (no-charge) withdrawals a day beyond charge.freePerDay, and whether the member's pending
-- withdrawals come first in the operators' review queue (a manual review is what makes a
-- withdrawal slow). At most 100 extra a day: well beyond any real ladder, low enough that a typo
-- cannot remove the limit. Level 0 is every member's: it may add nothing, or the merchant's own
-- setting would be a VIP benefit of all (the CHECK of migration 063 keeps it free of requirements
-- and bonuses for the same reason).
ALTER TABLE vip_level
  ADD COLUMN withdraw_daily_count_extra smallint NOT NULL DEFAULT 0 CHECK (withdraw_daily_count_extra BETWEEN 0 AND 100),
  ADD COLUMN withdraw_free_extra        smallint NOT NULL DEFAULT 0 CHECK (withdraw_free_extra BETWEEN 0 AND 100),
  ADD COLUMN withdraw_priority          boolean  NOT NULL DEFAULT false,
  ADD CONSTRAINT vip_level_entry_withdraw_perks
    CHECK (level > 0 OR (withdraw_daily_count_extra = 0 AND withdraw_free_extra = 0 AND NOT withdraw_priority));

-- Whether the withdrawal came first in the review queue, decided when it was requested (like its
-- charge): a member promoted or relegated later does not reorder what is already waiting, and the
-- operator sees why a row is ahead of older ones.
ALTER TABLE withdrawal ADD COLUMN priority boolean NOT NULL DEFAULT false;

-- The review queue: a merchant's pending withdrawals, priority ones first, then oldest first.
CREATE INDEX withdrawal_pending_queue ON withdrawal (merchant_id, priority DESC, id) WHERE status = 'pending';
