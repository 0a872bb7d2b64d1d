-- Platform messages (issue 9, member-centre page messageV2; modules/message).
--
-- mail: what the operator (or the system) sends members. To some members: one mail_delivery row
-- per recipient, written with the mail. To every member of the merchant (broadcast): the mail is
-- stored once and reaches each member registered by its send time; a member's mail_delivery row
-- appears only when that member reads or deletes it (so a broadcast to a million members writes
-- one row, not a million). A member's inbox: their deliveries plus the broadcasts that reach
-- them, less what they deleted; inboxId is the mail's id (a member has it at most once).
CREATE TABLE mail (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  broadcast    boolean     NOT NULL,
  subject      text        NOT NULL CHECK (length(subject) BETWEEN 1 AND 100),
  content      text        NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  -- Shown as the sender ('Customer Service', 'System', an operator's name).
  sender_name  text        NOT NULL CHECK (length(sender_name) BETWEEN 1 AND 64),
  -- The member may answer it (replyMail): the answer goes to the operator's box (member_mail).
  can_reply    boolean     NOT NULL,
  sent_at      timestamptz NOT NULL
);
CREATE INDEX mail_broadcast ON mail (merchant_id, sent_at) WHERE broadcast;

CREATE TABLE mail_delivery (
  mail_id     bigint      NOT NULL REFERENCES mail (id) ON DELETE CASCADE,
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  read_at     timestamptz,
  deleted_at  timestamptz,
  PRIMARY KEY (member_id, mail_id)
);
CREATE INDEX mail_delivery_mail ON mail_delivery (mail_id);

-- What members send customer service: a new mail, or a reply to an inbox mail that allows one.
-- The member's outbox shows their rows until they delete them (deleted_at: gone from the outbox,
-- still in the operator's box). The daily sending limit counts these rows, deleted or not.
CREATE TABLE member_mail (
  id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id         bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  reply_to_mail_id  bigint      REFERENCES mail (id) ON DELETE SET NULL,
  subject           text        NOT NULL CHECK (length(subject) BETWEEN 1 AND 100),
  content           text        NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  sent_at           timestamptz NOT NULL,
  deleted_at        timestamptz,
  -- Customer service opened it (the operator's view).
  read_at           timestamptz
);
CREATE INDEX member_mail_member ON member_mail (member_id, sent_at);
CREATE INDEX member_mail_merchant ON member_mail (merchant_id, sent_at);
