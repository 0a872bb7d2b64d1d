-- Running the prize wheel (modules/prize-wheel, prize-wheel.operations.ts): operators deliver
-- physical prizes and cancel members' unused tickets. Time columns are written from the
-- application's clock.

-- A physical prize delivered: when, by which operator, and what they noted (a tracking number, a
-- courier, a pick-up). Delivered once: the row keeps the first delivery, a second changes nothing.
ALTER TABLE prize_spin
  ADD COLUMN delivered_at  timestamptz,
  ADD COLUMN delivered_by  bigint REFERENCES operator (id),
  ADD COLUMN delivery_note text CHECK (length(delivery_note) <= 500);
UPDATE prize_spin SET delivered_at = created_at WHERE delivery_status = 'delivered' AND delivered_at IS NULL;
ALTER TABLE prize_spin
  ADD CONSTRAINT prize_spin_delivered CHECK ((delivery_status = 'delivered') = (delivered_at IS NOT NULL)),
  ADD CONSTRAINT prize_spin_delivery_note CHECK (delivery_note IS NULL OR delivery_status = 'delivered');
-- The operators' queue of prizes to deliver (oldest first), and what was delivered (newest first).
CREATE INDEX prize_spin_delivery_pending ON prize_spin (merchant_id, id) WHERE delivery_status = 'pending';
CREATE INDEX prize_spin_delivered_at ON prize_spin (merchant_id, delivered_at) WHERE delivery_status = 'delivered';
-- A wheel's spins over a period (the operators' report).
CREATE INDEX prize_spin_wheel_time ON prize_spin (wheel_id, created_at);

-- An operator's cancellation of a member's unused tickets: how many were asked (NULL: all of
-- them), how many it cancelled, and why. One per operator and Idempotency-Key, so a repeated
-- request (a retry, the tool run again with the same key) cancels nothing more: the unique index
-- makes the second of two at once wait for the first and find its row.
CREATE TABLE prize_ticket_cancellation (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id     integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id       bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  operator_id     bigint      NOT NULL REFERENCES operator (id),
  idempotency_key text        NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_.:-]{8,100}$'),
  requested       integer     CHECK (requested BETWEEN 1 AND 1000),
  cancelled       integer     NOT NULL CHECK (cancelled >= 0),
  reason          text        NOT NULL CHECK (length(reason) BETWEEN 1 AND 180),
  created_at      timestamptz NOT NULL,
  UNIQUE (operator_id, idempotency_key)
);
CREATE INDEX prize_ticket_cancellation_member ON prize_ticket_cancellation (member_id, id);

-- A cancelled ticket names its cancellation and when; only an available ticket is cancelled (the
-- operations lock it as a spin does, so a spin and a cancel never both take one ticket).
ALTER TABLE prize_ticket
  ADD COLUMN cancelled_at    timestamptz,
  ADD COLUMN cancellation_id bigint REFERENCES prize_ticket_cancellation (id);
UPDATE prize_ticket SET cancelled_at = created_at WHERE state = 'cancelled' AND cancelled_at IS NULL;
ALTER TABLE prize_ticket
  ADD CONSTRAINT prize_ticket_cancelled CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL)),
  ADD CONSTRAINT prize_ticket_cancellation CHECK (cancellation_id IS NULL OR state = 'cancelled');
-- The tickets a wheel's report counts: granted and cancelled over a period.
CREATE INDEX prize_ticket_wheel_created ON prize_ticket (wheel_id, created_at);
CREATE INDEX prize_ticket_wheel_cancelled ON prize_ticket (wheel_id, cancelled_at) WHERE cancelled_at IS NOT NULL;
