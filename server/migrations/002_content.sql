-- Editorial content: banners, announcements, promotions, help-centre articles.

CREATE TABLE banner (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id   integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- Route group: w_home, w_games, w_promotion, w_help, ...
  group_name    text    NOT NULL,
  image_url     text    NOT NULL,
  linkage_type  text    NOT NULL DEFAULT 'NONE' CHECK (linkage_type IN ('NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME')),
  linkage_value text,
  enabled       boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  CHECK (linkage_type = 'NONE' OR linkage_value IS NOT NULL)
);
CREATE INDEX banner_merchant ON banner (merchant_id, group_name, sort_order);

CREATE TABLE announcement (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  type         text        NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  title        text        NOT NULL,
  -- Operator-authored HTML; sanitized on the way out and again in the browser.
  content      text        NOT NULL,
  popup        boolean     NOT NULL DEFAULT false,
  enabled      boolean     NOT NULL DEFAULT true,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: never expires.
  expires_at   timestamptz,
  CHECK (expires_at IS NULL OR expires_at > published_at)
);
CREATE INDEX announcement_merchant ON announcement (merchant_id, published_at DESC);

CREATE TABLE promotion (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  -- new_player, daily, vip, limited, ...
  category    text    NOT NULL,
  title       text    NOT NULL,
  image_url   text    NOT NULL,
  content     text    NOT NULL DEFAULT '',
  enabled     boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0
);
CREATE INDEX promotion_merchant ON promotion (merchant_id, sort_order);

CREATE TABLE help_article (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  category    text    NOT NULL,
  title       text    NOT NULL,
  content     text    NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  sort_order  integer NOT NULL DEFAULT 0
);
CREATE INDEX help_article_merchant ON help_article (merchant_id, sort_order);
