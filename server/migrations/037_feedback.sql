-- Feedback (PUT /wps/feedback; modules/feedback): what a visitor or a member tells the site, kept
-- for the operators (GET /ops/v1/feedback, `ops feedback`). Plain text. member_id: the member
-- whose live session sent it (NULL for a visitor). client_ip: the sending address, for abuse.
-- read_at: when an operator marked it read. Times come from the application's clock.
CREATE TABLE feedback (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id    bigint      REFERENCES member (id) ON DELETE SET NULL,
  type         text        NOT NULL CHECK (type IN ('suggestion', 'complaint', 'bug', 'other')),
  content      text        NOT NULL CHECK (length(content) BETWEEN 1 AND 1000),
  sender       text        CHECK (length(sender) <= 100),
  client_ip    text,
  created_at   timestamptz NOT NULL,
  read_at      timestamptz
);
CREATE INDEX feedback_newest ON feedback (merchant_id, created_at DESC, id DESC);
CREATE INDEX feedback_unread ON feedback (merchant_id, id) WHERE read_at IS NULL;
