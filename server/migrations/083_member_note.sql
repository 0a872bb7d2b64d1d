-- Staff notes on a member (modules/operator member-care.routes.ts): what customer service, risk,
-- cashiers and content staff want the next colleague to know about a player. Back office only:
-- no member route reads this table. Notes are added, never edited: the list is a history.
CREATE TABLE member_note (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id    bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  operator_id  bigint      NOT NULL REFERENCES operator (id),
  text         text        NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  created_at   timestamptz NOT NULL
);
CREATE INDEX member_note_by_member ON member_note (merchant_id, member_id, created_at DESC, id DESC);
