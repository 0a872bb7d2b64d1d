-- Agent programme, second part (issue 12): agent rebates, dividends, agent announcements and the
-- affiliate application.

-- Agent rebate (LOTTERY.md §1): on every lottery bet settled won or lost, each agent above the
-- bettor earns stake × (its series − the series of the member below it on the path) / 2000, where a
-- member's series is its rebate setting (member.rebate_series) capped by the game's max_series
-- (the game's max_series when it has none). Paid by the real-time wage pass with the round's wages
-- (lottery_round.wages_paid_at): one row per (agent, round, source member), its record.
CREATE TABLE agent_rebate (
  id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer     NOT NULL,
  run_id        bigint      NOT NULL REFERENCES agent_wage_run (id) ON DELETE CASCADE,
  agent_id      bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  source_id     bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  round_id      bigint      NOT NULL REFERENCES lottery_round (id) ON DELETE CASCADE,
  base_minor    bigint      NOT NULL CHECK (base_minor > 0),
  series_gap    integer     NOT NULL CHECK (series_gap > 0),
  amount_minor  bigint      NOT NULL CHECK (amount_minor >= 0),
  created_at    timestamptz NOT NULL,
  UNIQUE (agent_id, round_id, source_id)
);
CREATE INDEX agent_rebate_agent ON agent_rebate (agent_id, created_at);

-- Dividend periods have a cycle: a daily and a weekly period may start at the same instant, so a
-- run is unique per (merchant, kind, cycle, period start).
ALTER TABLE agent_wage_run ADD COLUMN cycle text NOT NULL DEFAULT '';
DROP INDEX agent_wage_run_period;
CREATE UNIQUE INDEX agent_wage_run_period ON agent_wage_run (merchant_id, kind, cycle, period_start) WHERE period_start IS NOT NULL;

-- A dividend: one agent's settled period under one contract. net_loss = bets − wins − rebates −
-- promotions of its team (signed); carried_in is the previous period's carried_out under the same
-- contract (≤ 0); base = net_loss + carried_in; gross = base × rate when base > 0; amount = gross −
-- the direct downline agents' gross; carried_out = base when base < 0, else 0.
CREATE TABLE agent_dividend (
  id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id       integer     NOT NULL,
  run_id            bigint      NOT NULL REFERENCES agent_wage_run (id) ON DELETE CASCADE,
  contract_id       bigint      NOT NULL REFERENCES agent_contract (id) ON DELETE CASCADE,
  agent_id          bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  cycle             text        NOT NULL CHECK (cycle IN ('daily', 'weekly', 'semimonthly', 'monthly')),
  period_start      timestamptz NOT NULL,
  period_end        timestamptz NOT NULL,
  bets_minor        bigint      NOT NULL CHECK (bets_minor >= 0),
  wins_minor        bigint      NOT NULL CHECK (wins_minor >= 0),
  rebates_minor     bigint      NOT NULL CHECK (rebates_minor >= 0),
  promotions_minor  bigint      NOT NULL CHECK (promotions_minor >= 0),
  net_loss_minor    bigint      NOT NULL,
  carried_in_minor  bigint      NOT NULL CHECK (carried_in_minor <= 0),
  base_minor        bigint      NOT NULL,
  active_members    integer     NOT NULL CHECK (active_members >= 0),
  rate              integer     NOT NULL CHECK (rate >= 0),
  gross_minor       bigint      NOT NULL CHECK (gross_minor >= 0),
  downline_minor    bigint      NOT NULL CHECK (downline_minor >= 0),
  amount_minor      bigint      NOT NULL CHECK (amount_minor >= 0),
  carried_out_minor bigint      NOT NULL CHECK (carried_out_minor <= 0),
  created_at        timestamptz NOT NULL,
  CHECK (net_loss_minor = bets_minor - wins_minor - rebates_minor - promotions_minor),
  CHECK (base_minor = net_loss_minor + carried_in_minor),
  CHECK (carried_out_minor = LEAST(base_minor, 0)),
  UNIQUE (contract_id, period_start)
);
CREATE INDEX agent_dividend_agent ON agent_dividend (agent_id, period_start);

-- Announcements for agents (type AG): listed only by the agent centre's call, never in the public lists.
ALTER TABLE announcement DROP CONSTRAINT announcement_type_check;
ALTER TABLE announcement ADD CONSTRAINT announcement_type_check CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H', 'AG'));

-- The affiliate application: a player asks to become an agent; an operator decides. One pending per member.
CREATE TABLE affiliate_application (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id    bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  contact      text        NOT NULL CHECK (length(contact) BETWEEN 1 AND 100),
  message      text        NOT NULL CHECK (length(message) <= 500),
  state        text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  answer       text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  decided_at   timestamptz,
  decided_by   text
);
CREATE UNIQUE INDEX affiliate_application_pending ON affiliate_application (member_id) WHERE state = 'pending';
CREATE INDEX affiliate_application_merchant ON affiliate_application (merchant_id, state, created_at);
