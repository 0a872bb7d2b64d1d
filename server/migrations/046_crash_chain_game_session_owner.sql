-- Two rules of the in-house games and the provider API (server/README.md "In-house games").
--
-- 1. A game session belongs to the site session that launched it: the provider API refuses it
-- (provider.session.expired) once that site session is revoked (logout, password change) or has
-- expired, or its member is blocked. Sessions launched before this migration have none and keep
-- their own expiry only (at most game_provider.session_minutes).
ALTER TABLE game_session ADD COLUMN member_session_id bigint REFERENCES member_session (id);
ALTER TABLE game_session ADD CHECK (NOT trial OR member_session_id IS NULL);

-- 2. Crash seeds the house cannot choose. A chain is generated before its rounds: seed[length] is
-- random, seed[n] = hex SHA-256 of the text of seed[n + 1], and end_hash = seed[0] is published
-- (the crash state) before the chain's first round opens. Round n of the chain plays seed[n], so
-- each round's seed is fixed in advance and revealing one reveals nothing of the next; anyone holding
-- end_hash checks a revealed seed by hashing it n times. Only seed[length] is kept, sealed with
-- SECRETS_KEY (the others are recomputed from it); next_index is the next round's n.
CREATE TABLE crash_chain (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  game_code   text        NOT NULL,
  length      integer     NOT NULL CHECK (length BETWEEN 1 AND 1000000),
  seed_sealed text        NOT NULL,
  end_hash    text        NOT NULL UNIQUE CHECK (end_hash ~ '^[0-9a-f]{64}$'),
  next_index  integer     NOT NULL DEFAULT 1 CHECK (next_index >= 1 AND next_index <= length + 1),
  created_at  timestamptz NOT NULL
);
-- One chain in use per merchant and game (used up: next_index = length + 1).
CREATE UNIQUE INDEX crash_chain_current ON crash_chain (merchant_id, game_code) WHERE next_index <= length;

-- How a round's crash point was made (old rounds stay verifiable their way):
--   seed    a random seed per round, public client seed CRASH_CLIENT_SEED (rounds before this migration);
--   chain   seed[chain_index] of crash_chain_id, and as client seed the hash of the round's bets
--           at betting close (written when the round starts running; NULL while betting).
ALTER TABLE crash_round ADD COLUMN scheme text NOT NULL DEFAULT 'seed' CHECK (scheme IN ('seed', 'chain'));
ALTER TABLE crash_round ALTER COLUMN scheme DROP DEFAULT;
ALTER TABLE crash_round ADD COLUMN crash_chain_id integer REFERENCES crash_chain (id);
ALTER TABLE crash_round ADD COLUMN chain_index integer CHECK (chain_index >= 1);
ALTER TABLE crash_round ALTER COLUMN client_seed DROP NOT NULL;
ALTER TABLE crash_round ADD CHECK ((scheme = 'chain') = (crash_chain_id IS NOT NULL AND chain_index IS NOT NULL));
ALTER TABLE crash_round ADD CHECK (phase = 'betting' OR client_seed IS NOT NULL);
CREATE UNIQUE INDEX crash_round_chain_index ON crash_round (crash_chain_id, chain_index) WHERE crash_chain_id IS NOT NULL;
