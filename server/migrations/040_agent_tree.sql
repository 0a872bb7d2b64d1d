-- Issue 12, the agent programme (server module agent): the team tree as a closure table, rebate
-- settings, affiliate links, contracts between an agent and a direct downline agent, and the
-- real-time salary paid from settled lottery rounds. Money moves only through the ledger. Time
-- columns are written from the application's clock, never now().

-- Every (ancestor, descendant) pair of the team tree with its distance, each member with itself at
-- depth 0: "the whole downline of A" is one indexed look-up (ancestor_id = A), "is D under A" one
-- key probe. Kept by the triggers below whenever a member is inserted or moved to another upline.
CREATE TABLE member_tree (
  ancestor_id   bigint  NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  descendant_id bigint  NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  depth         integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX member_tree_descendant ON member_tree (descendant_id, depth);

CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO public.member_tree (ancestor_id, descendant_id, depth)
    SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM public.member_tree t WHERE t.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END $$;

-- A member moved under another upline takes its whole subtree along: the paths from its old
-- ancestors into the subtree go, the paths from the new ones come. A move under one's own
-- downline would make a cycle: refused.
CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS NOT NULL AND EXISTS (SELECT 1 FROM public.member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id) THEN
    RAISE EXCEPTION 'member % cannot move under its own downline %', NEW.id, NEW.upline_id USING ERRCODE = '23514';
  END IF;
  DELETE FROM public.member_tree t
   USING public.member_tree sub
   WHERE sub.ancestor_id = NEW.id AND t.descendant_id = sub.descendant_id
     AND t.ancestor_id IN (SELECT ancestor_id FROM public.member_tree WHERE descendant_id = NEW.id AND depth > 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO public.member_tree (ancestor_id, descendant_id, depth)
    SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
      FROM public.member_tree up, public.member_tree sub
     WHERE up.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER member_tree_insert AFTER INSERT ON member FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
CREATE TRIGGER member_tree_move AFTER UPDATE OF upline_id ON member FOR EACH ROW
  WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_move();

-- The members already there (uplines are always older rows than their downlines).
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE paths (ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM member
  UNION ALL
  SELECT m.upline_id, p.descendant_id, p.depth + 1 FROM paths p JOIN member m ON m.id = p.ancestor_id WHERE m.upline_id IS NOT NULL
)
SELECT ancestor_id, descendant_id, depth FROM paths;

-- A member's rebate setting ("Rebate Series", "Lottery Quota"): the highest lottery prize series
-- its bets may use (LOTTERY.md §1); NULL: the game's own. An agent gives a downline a setting no
-- higher than its own. The remark is the upline's note on a downline; the link, the affiliate link
-- it registered through.
ALTER TABLE member ADD COLUMN rebate_series integer CHECK (rebate_series BETWEEN 1000 AND 2000);
ALTER TABLE member ADD COLUMN agent_remark text CHECK (length(agent_remark) <= 200);

-- An agent's affiliate (invitation) link: who registers through its code becomes the agent's
-- direct downline, as a player or an agent, with the link's rebate setting, until it expires.
CREATE TABLE affiliate_link (
  id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id    integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  agent_id       bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  code           text        NOT NULL CHECK (code ~ '^[A-Za-z0-9]{6,32}$'),
  account_type   text        NOT NULL CHECK (account_type IN ('agent', 'player')),
  rebate_series  integer     NOT NULL CHECK (rebate_series BETWEEN 1000 AND 2000),
  channel        text        CHECK (length(channel) <= 60),
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz,
  deleted_at     timestamptz,
  CHECK (expires_at IS NULL OR expires_at > created_at)
);
CREATE UNIQUE INDEX affiliate_link_code ON affiliate_link (merchant_id, lower(code));
CREATE INDEX affiliate_link_agent ON affiliate_link (agent_id, created_at);
ALTER TABLE member ADD COLUMN affiliate_link_id bigint REFERENCES affiliate_link (id) ON DELETE SET NULL;
CREATE INDEX member_affiliate_link ON member (affiliate_link_id) WHERE affiliate_link_id IS NOT NULL;

-- A contract between an agent (upline_id; NULL: the merchant, for a top agent, set by an operator)
-- and a direct downline agent (downline_id), of one kind. Terms are the downline's rates, never
-- above the upline's own under the same kind. Real-time salary terms:
--   {"games": {"<gameCode>": {"profitRate": <万分之>, "lossRate": <万分之>}}, "default": {...}}
-- rates in units of 0.01 % (万分之, LOTTERY.md §9) of the bet share. state: pending (asked, not yet
-- answered), active, rejected, terminated; a termination is asked (terminate_requested_by) and
-- accepted by the other side. One active or pending contract per (kind, downline).
CREATE TABLE agent_contract (
  id                      bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id             integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  kind                    text        NOT NULL CHECK (kind IN ('realtime', 'daily', 'hourly', 'dividend')),
  upline_id               bigint      REFERENCES member (id) ON DELETE CASCADE,
  downline_id             bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  terms                   jsonb       NOT NULL,
  state                   text        NOT NULL CHECK (state IN ('pending', 'active', 'rejected', 'terminated')),
  requested_by            bigint      REFERENCES member (id),
  terminate_requested_by  bigint      REFERENCES member (id),
  created_at              timestamptz NOT NULL,
  decided_at              timestamptz,
  terminated_at           timestamptz,
  CHECK (upline_id IS NULL OR upline_id <> downline_id)
);
CREATE UNIQUE INDEX agent_contract_current ON agent_contract (kind, downline_id) WHERE state IN ('pending', 'active');
CREATE INDEX agent_contract_upline ON agent_contract (upline_id, kind);

-- Real-time salary: every settled lottery round is paid once (wages_paid_at set in the transaction
-- that pays it). A run is one pass of the 5-minute job; a wage is what one agent earned from one
-- member's bets in one round (the base, the rates and the amount), kept as its record.
ALTER TABLE lottery_round ADD COLUMN wages_paid_at timestamptz;
CREATE INDEX lottery_round_wages_due ON lottery_round (settled_at) WHERE state = 'settled' AND wages_paid_at IS NULL;

CREATE TABLE agent_wage_run (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  kind        text        NOT NULL CHECK (kind IN ('realtime', 'daily', 'hourly', 'dividend')),
  ran_at      timestamptz NOT NULL,
  rounds      integer     NOT NULL DEFAULT 0,
  paid_minor  bigint      NOT NULL DEFAULT 0
);

CREATE TABLE agent_wage (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL,
  run_id        bigint      NOT NULL REFERENCES agent_wage_run (id) ON DELETE CASCADE,
  agent_id      bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  source_id     bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  round_id      bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  game_code     text        NOT NULL,
  numero        text        NOT NULL,
  -- The member's stake in the round (the base), whether the house won it, and the agent's rate
  -- less the rate of the agent below it on the path to the member (万分之).
  base_minor    bigint      NOT NULL CHECK (base_minor > 0),
  house_won     boolean     NOT NULL,
  rate          integer     NOT NULL CHECK (rate > 0),
  amount_minor  bigint      NOT NULL CHECK (amount_minor >= 0),
  created_at    timestamptz NOT NULL,
  UNIQUE (agent_id, round_id, source_id)
);
CREATE INDEX agent_wage_agent ON agent_wage (agent_id, created_at);

-- A real-time salary contract's rate for a lottery game: the game's own when the terms list it,
-- else the default; the profit rate when the house won the share, the loss rate when it lost.
CREATE FUNCTION agent_rate(terms jsonb, game text, house_won boolean) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE((COALESCE(terms -> 'games' -> game, terms -> 'default') ->> (CASE WHEN house_won THEN 'profitRate' ELSE 'lossRate' END))::integer, 0)
$$;

-- Daily and hourly salary: a run per (merchant, kind, period), inserted first in the transaction
-- that pays the period (its uniqueness makes the period paid once whoever runs it), and one row
-- per agent paid: its team's betting and active members, the tier's rate, its gross, its direct
-- downline agents' gross, and what it was paid (gross − downline, never below 0).
ALTER TABLE agent_wage_run ADD COLUMN period_start timestamptz;
ALTER TABLE agent_wage_run ADD COLUMN period_end timestamptz;
CREATE UNIQUE INDEX agent_wage_run_period ON agent_wage_run (merchant_id, kind, period_start) WHERE period_start IS NOT NULL;

CREATE TABLE agent_period_wage (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL,
  run_id          bigint      NOT NULL REFERENCES agent_wage_run (id) ON DELETE CASCADE,
  kind            text        NOT NULL CHECK (kind IN ('daily', 'hourly', 'dividend')),
  agent_id        bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  team_minor      bigint      NOT NULL CHECK (team_minor >= 0),
  active_members  integer     NOT NULL CHECK (active_members >= 0),
  rate            integer     NOT NULL CHECK (rate >= 0),
  gross_minor     bigint      NOT NULL CHECK (gross_minor >= 0),
  downline_minor  bigint      NOT NULL CHECK (downline_minor >= 0),
  amount_minor    bigint      NOT NULL CHECK (amount_minor >= 0),
  created_at      timestamptz NOT NULL,
  UNIQUE (agent_id, kind, period_start)
);
