-- Member labels and a promotion's audience.
--
-- A label is the operator's mark on members (a group of high rollers, a partner's players, an
-- invitation list): its name is unique in the merchant; `shown` ones appear in the member's own
-- info beside the VIP badge (memberLabel), the others only to operators.
CREATE TABLE member_label (
  id               serial      PRIMARY KEY,
  merchant_id      integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  name             text        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 40),
  shown            boolean     NOT NULL DEFAULT false,
  text_color       text        NOT NULL DEFAULT '#ffffff' CHECK (text_color ~ '^#[0-9a-fA-F]{6}$'),
  background_color text        NOT NULL DEFAULT '#5b6b7f' CHECK (background_color ~ '^#[0-9a-fA-F]{6}$'),
  created_at       timestamptz NOT NULL,
  UNIQUE (merchant_id, name)
);

-- Which members carry a label (a row each; removing the label from a member deletes the row).
CREATE TABLE member_label_member (
  label_id  integer     NOT NULL REFERENCES member_label (id) ON DELETE CASCADE,
  member_id bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  added_at  timestamptz NOT NULL,
  added_by  text        NOT NULL,
  PRIMARY KEY (label_id, member_id)
);
CREATE INDEX member_label_member_by_member ON member_label_member (member_id);

-- Who a promotion is for, besides its new-player rule: members at one of the VIP levels
-- (modules/vip; no row there is level 0), and members carrying one of the labels. Null: everyone.
-- A member outside the audience sees the promotion closed and cannot join, apply for or claim it.
ALTER TABLE promotion
  ADD COLUMN audience_vip_levels smallint[] CHECK (cardinality(audience_vip_levels) BETWEEN 1 AND 21),
  ADD COLUMN audience_label_ids  integer[]  CHECK (cardinality(audience_label_ids) BETWEEN 1 AND 50);
