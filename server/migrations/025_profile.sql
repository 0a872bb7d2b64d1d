-- The member's profile (issue 9, "My Account": member module, profile.*).
--
-- The birthday a member gives once (yyyy-MM-dd, at least 21 years before the day it is given;
-- checked by the application). NULL: not given.
ALTER TABLE member ADD COLUMN birthday date;

-- SMS codes that prove a mobile number before it is bound to an account (bind_send_verification_sms,
-- bind_verify_verification_sms): a purpose of their own, so a login, registration, reset or
-- two-factor code never binds a number and a binding code does nothing else.
ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
ALTER TABLE verification_code ADD CONSTRAINT verification_code_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'two_factor', 'bind_mobile'));
