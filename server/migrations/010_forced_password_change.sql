-- A session that may only change its password (issue 7, item 3). Set at login when the login
-- value asks the client for a new password (firstTimeLogin, or passwordExpired: expired under
-- PWDEXPFORCECHANGE3 or the merchant's default weak password) and the login proved the password
-- (a username login, with or without a second factor). While it is set, the access layer
-- (session/authentication.ts) lets the token call only the routes marked duringPasswordChange:
-- changing the password and logging out. A change through POST /wps/member/password clears it.
ALTER TABLE member_session ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
