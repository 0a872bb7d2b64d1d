-- Images the operators upload for banners (the back office's Content section; modules/content,
-- server/README.md "Content: banners and announcements"). Kept in the database like every other
-- uploaded image (receipts, chat, support questions), so that every replica serves them and a
-- redeploy keeps them; the site serves them from its own origin at
-- /wps/content/images/<sha256>.<png|jpg|webp>, the address a banner's image_url names.
--
-- Content-addressed per merchant: the same file uploaded twice is one row and one address, and an
-- address never shows other bytes (answered as immutable). Rows are never changed; a banner that
-- stops naming an image leaves it in place (another banner, or a page cached by a browser, may
-- still name it).

CREATE TABLE content_image (
  merchant_id  integer     NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
  sha256       bytea       NOT NULL CHECK (octet_length(sha256) = 32),
  -- Read from the bytes (their magic numbers), never from what the upload declared.
  content_type text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  image        bytea       NOT NULL CHECK (octet_length(image) BETWEEN 1 AND 2097152),
  uploaded_by  bigint      REFERENCES operator (id) ON DELETE SET NULL,
  uploaded_at  timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, sha256)
);
