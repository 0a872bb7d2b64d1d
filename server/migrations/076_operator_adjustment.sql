-- Every balance adjustment an operator asks for (modules/operator adjustment.service.ts), applied
-- or waiting for a second operator. Above the merchant's four-eyes threshold an adjustment is only
-- a request until another operator approves it; what one operator has adjusted for one member in
-- the last day counts towards that threshold, so splitting a large adjustment into small ones
-- asks for the second operator too.
CREATE TABLE operator_adjustment (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id      integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  member_id        bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  -- Signed, minor units: positive credits the member, negative debits them.
  amount_minor     bigint      NOT NULL CHECK (amount_minor <> 0),
  reason           text        NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  requested_by     bigint      NOT NULL REFERENCES operator (id),
  -- The requesting operator's Idempotency-Key: the same key asks once.
  idempotency_key  text        NOT NULL,
  status           text        NOT NULL CHECK (status IN ('awaiting', 'applied', 'rejected')),
  decided_by       bigint      REFERENCES operator (id),
  decided_at       timestamptz,
  decision_reason  text        CHECK (decision_reason IS NULL OR length(decision_reason) BETWEEN 1 AND 500),
  transaction_id   bigint,
  created_at       timestamptz NOT NULL,
  UNIQUE (merchant_id, requested_by, idempotency_key),
  -- The second pair of eyes is another operator's.
  CHECK (decided_by IS NULL OR decided_by <> requested_by OR status = 'rejected'),
  CHECK ((status = 'applied') = (transaction_id IS NOT NULL))
);
CREATE INDEX operator_adjustment_queue ON operator_adjustment (merchant_id, status, created_at);
CREATE INDEX operator_adjustment_window ON operator_adjustment (merchant_id, member_id, requested_by, created_at);
