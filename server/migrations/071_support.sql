-- Support questions (modules/support; server/README.md, "Support questions"): a member asks
-- customer service a question with up to three images and the way they would like to be reached;
-- an operator answers (the answer also goes to the member's platform messages) and closes it.
-- A question is written whole or not at all: a refused one leaves no row.

CREATE TABLE support_question (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id      integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id        bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  category         text        NOT NULL CHECK (category IN ('deposit', 'withdrawal', 'account', 'promotion', 'game', 'other')),
  -- length() counts characters, as the service and the page do.
  text             text        NOT NULL CHECK (length(text) BETWEEN 10 AND 1000),
  contact          text        NOT NULL CHECK (contact IN ('message', 'email', 'phone')),
  -- The account's own e-mail address or mobile number (E.164) when the question was asked, never
  -- one the member typed: an answer cannot be sent to somebody else's address through it.
  contact_address  text        CHECK (length(contact_address) BETWEEN 1 AND 255),
  state            text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
  answer           text        CHECK (length(answer) BETWEEN 1 AND 1000),
  answered_by      text,
  answered_at      timestamptz,
  -- The platform message that carried the answer (modules/message).
  answer_mail_id   bigint      REFERENCES mail (id) ON DELETE SET NULL,
  closed_by        text,
  closed_at        timestamptz,
  asked_at         timestamptz NOT NULL,
  CHECK ((contact = 'message') = (contact_address IS NULL)),
  CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answered_at IS NULL) = (answered_by IS NULL)),
  CHECK ((closed_at IS NULL) = (closed_by IS NULL)),
  CHECK ((state = 'closed') = (closed_at IS NOT NULL)),
  CHECK (state <> 'answered' OR answer IS NOT NULL)
);
CREATE INDEX support_question_member ON support_question (member_id, asked_at DESC);
-- The operators' queue: the open ones of a merchant, oldest first.
CREATE INDEX support_question_open ON support_question (merchant_id, asked_at) WHERE state = 'open';
CREATE INDEX support_question_merchant ON support_question (merchant_id, asked_at DESC);

CREATE TABLE support_question_image (
  question_id   bigint   NOT NULL REFERENCES support_question (id) ON DELETE CASCADE,
  position      smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type  text     NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  image         bytea    NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 5242880),
  PRIMARY KEY (question_id, position)
);

-- The member centre lists its feedback page (support questions and feedback) while FEEDBACK3 is
-- on, and the server refuses the support calls otherwise. A module that is not configured is off,
-- so every merchant that existed before gets it on, as the seed gives new merchants; an operator
-- turns it off to hide the page.
INSERT INTO whitelabel_module (merchant_id, module_id, enabled)
SELECT id, 'FEEDBACK3', true FROM merchant
ON CONFLICT DO NOTHING;
