-- Live chat with customer service (modules/chat; server/README.md, "Live chat"): a member writes
-- to the merchant's operators inside the site, an operator takes the conversation and answers.
-- Time columns are written from the application's clock.

-- A conversation of a member's: waiting in a queue until an operator takes it, then active with
-- that operator, then closed (by either side). A member has at most one that is not closed (the
-- partial unique index): two opens at once find or make the same one.
CREATE TABLE chat_conversation (
  id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id         bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  queue             text        NOT NULL CHECK (queue IN ('livechat', 'vip')),
  state             text        NOT NULL CHECK (state IN ('waiting', 'active', 'closed')),
  -- Who has it: set while active; kept when closed (who closed it or had it last).
  operator_id       bigint      REFERENCES operator (id),
  opened_at         timestamptz NOT NULL,
  taken_at          timestamptz,
  closed_at         timestamptz,
  closed_by         text        CHECK (closed_by IN ('member', 'operator')),
  -- The merchant's away message was added to this conversation (at most once per opening).
  away_sent         boolean     NOT NULL DEFAULT false,
  -- Read marks: every message up to this id is read by the member, by the operators (0: none).
  member_read_id    bigint      NOT NULL DEFAULT 0,
  operator_read_id  bigint      NOT NULL DEFAULT 0,
  last_message_id   bigint      NOT NULL DEFAULT 0,
  CHECK (state <> 'waiting' OR operator_id IS NULL),
  CHECK (state <> 'active' OR operator_id IS NOT NULL),
  CHECK ((state = 'closed') = (closed_at IS NOT NULL) AND (closed_at IS NULL) = (closed_by IS NULL))
);
CREATE UNIQUE INDEX chat_conversation_open ON chat_conversation (member_id) WHERE state <> 'closed';
CREATE INDEX chat_conversation_queue ON chat_conversation (merchant_id, state, queue, opened_at);
CREATE INDEX chat_conversation_member ON chat_conversation (member_id, id);

-- The messages. Ids grow with time, and a member's messages are inserted only while holding
-- their conversation's row lock, so their ids are in commit order: "after id N" is a cursor
-- that never skips one committed later with a smaller id. member_id repeats the conversation's
-- (a member's stream reads all their conversations by it). Text is plain text, never HTML.
CREATE TABLE chat_message (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id    bigint      NOT NULL REFERENCES chat_conversation (id) ON DELETE CASCADE,
  merchant_id        integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id          bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  sender             text        NOT NULL CHECK (sender IN ('member', 'operator', 'system')),
  operator_id        bigint      REFERENCES operator (id),
  kind               text        NOT NULL CHECK (kind IN ('text', 'image', 'notice')),
  notice             text        CHECK (notice IN ('away', 'script', 'taken', 'transferred', 'closed')),
  body               text        NOT NULL DEFAULT '' CHECK (length(body) <= 4000),
  -- Drawn by the sender's client once per message: the same id again stores nothing new.
  client_message_id  text        CHECK (client_message_id ~ '^[A-Za-z0-9_.:-]{8,100}$'),
  -- An image message: its type (read from its bytes) and digest (a repeated send is compared by it).
  image_type         text        CHECK (image_type IN ('image/png', 'image/jpeg')),
  image_sha256       bytea       CHECK (octet_length(image_sha256) = 32),
  sent_at            timestamptz NOT NULL,
  CHECK (kind <> 'text' OR length(body) BETWEEN 1 AND 1000),
  CHECK ((kind = 'notice') = (notice IS NOT NULL)),
  CHECK ((kind = 'image') = (image_type IS NOT NULL) AND (image_type IS NULL) = (image_sha256 IS NULL)),
  CHECK ((sender = 'operator') = (operator_id IS NOT NULL)),
  CHECK ((sender = 'system') = (kind = 'notice'))
);
CREATE UNIQUE INDEX chat_message_client ON chat_message (member_id, sender, client_message_id) WHERE client_message_id IS NOT NULL;
CREATE INDEX chat_message_conversation ON chat_message (conversation_id, id);
CREATE INDEX chat_message_member ON chat_message (member_id, id);

-- An image message's bytes (png or jpg, at most 5 MB), apart so that lists never read them.
CREATE TABLE chat_image (
  message_id  bigint PRIMARY KEY REFERENCES chat_message (id) ON DELETE CASCADE,
  bytes       bytea  NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880)
);

-- The merchant's scripted questions and answers: the chat window offers them to members as quick
-- questions (the answer follows at once), operators send them as replies. question and answer
-- are the merchant's own words; texts holds them per language (BN CN EN ID TH TY VI), either
-- optional.
CREATE TABLE chat_script (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  position     integer     NOT NULL CHECK (position >= 0),
  question     text        NOT NULL CHECK (length(question) BETWEEN 1 AND 200),
  answer       text        NOT NULL CHECK (length(answer) BETWEEN 1 AND 1000),
  texts        jsonb       NOT NULL DEFAULT '{}'::jsonb,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX chat_script_merchant ON chat_script (merchant_id, position);

-- Operators who answer the chat: the `support` role (modules/operator/operator-roles.ts).
ALTER TABLE operator DROP CONSTRAINT operator_role_check;
ALTER TABLE operator ADD CONSTRAINT operator_role_check CHECK (role IN ('cashier', 'content', 'risk', 'support', 'admin'));
