-- A promotion's title and terms in each language the site speaks (BN CN EN ID TH TY VI):
-- texts = { "<LANG>": { "title": …, "content": … } }, either part optional. A page in a language
-- the promotion has no text for shows title and content, the merchant's own words.
ALTER TABLE promotion
  ADD COLUMN texts jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(texts) = 'object');
