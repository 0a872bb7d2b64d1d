-- Which release of each back-office section (dashboard, players, cashier, …) a merchant's
-- operators load. Every section is built and released on its own, into
-- dist/backoffice/assets/sections/<name>/<version>/ (modules/remotes backoffice-sections.ts);
-- the newest release deployed is served unless the merchant pinned one here. A row is kept per
-- brand and per section so that the operators of one brand can roll a section back (to the
-- release before a bad one) without touching the other brands or the other sections; deleting
-- the row follows the newest release again. A pin whose folder was removed is ignored.
CREATE TABLE backoffice_section_release (
  merchant_id integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  name        text        NOT NULL CHECK (name ~ '^[a-z][a-z0-9-]{1,40}$'),
  version     text        NOT NULL CHECK (version ~ '^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$'),
  pinned_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, name)
);
