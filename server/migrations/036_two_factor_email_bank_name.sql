-- Two more second factors for signing in (issue 13, SPEC §9 "Two-factor options: SMS, email,
-- Google, bank account name"): a code e-mailed to the member, and the account holder name of the
-- member's bound bank card (withdrawal module). Both are turned on by the member (two-factor
-- module), with the same password proof and lockout counting as the authenticator and SMS.

-- A factor the member turned on. For 'email', `email` is the address the code that turned it on
-- was sent to: codes go there (and only there) until the member turns the factor off, whatever
-- the profile's address later becomes. For 'bank_name' it is NULL: the name asked for is the
-- holder name of the member's oldest bound bank card (withdraw_card, type BC, not deleted); with no
-- such card the factor is not in force.
CREATE TABLE member_two_factor_option (
  member_id   bigint      NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  factor      text        NOT NULL CHECK (factor IN ('email', 'bank_name')),
  email       text        CHECK (email IS NULL OR (email LIKE '%_@_%' AND length(email) <= 254)),
  enabled_at  timestamptz NOT NULL,
  PRIMARY KEY (member_id, factor),
  CHECK ((factor = 'email') = (email IS NOT NULL))
);

-- A pending login may offer the new factors.
ALTER TABLE login_challenge DROP CONSTRAINT login_challenge_factors_check;
ALTER TABLE login_challenge ADD CONSTRAINT login_challenge_factors_check
  CHECK (cardinality(factors) > 0 AND factors <@ ARRAY['totp', 'sms', 'email', 'bank_name']);

-- E-mailed codes share the one-time codes (hash only, single use, attempts, expiry) and the send
-- throttle of the SMS codes: the address stands where the number does, under a purpose of its own.
ALTER TABLE verification_code DROP CONSTRAINT verification_code_mobile_check;
ALTER TABLE verification_code ADD CONSTRAINT verification_code_mobile_check
  CHECK (mobile ~ '^\+[0-9]{8,19}$' OR (purpose = 'two_factor_email' AND mobile LIKE '%_@_%' AND length(mobile) <= 254));
ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
ALTER TABLE verification_code ADD CONSTRAINT verification_code_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'two_factor', 'bind_mobile', 'two_factor_email'));
