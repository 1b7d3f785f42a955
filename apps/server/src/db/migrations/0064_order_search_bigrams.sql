-- Order search by a two-character fragment (issue 21, must-have 9): a Chinese given name or
-- surname ("阳娜", "欧阳"), a district ("西湖") has no trigram, so the trigram indexes of 0063
-- cannot serve it and the list walked every order of the domain (seconds at 1,000,000 orders).
-- These GIN indexes hold the two-character pieces of the receiver's and the buyer's search texts
-- that contain a non-ASCII character (digits and Latin letters are served by the trigrams; their
-- pairs would make huge, useless posting lists), lower-cased, never across the chr(1) between
-- parts. The query side (list.queries.ts, core orderSearchBigrams) asks with the same pieces and
-- keeps the ILIKE as the exact check. On a server whose LC_CTYPE is C, Chinese fragments of any
-- length use them too.
CREATE OR REPLACE FUNCTION order_search_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select coalesce(array_agg(distinct b), '{}'::text[]) from (select lower(substr(t, i, 2)) as b from generate_series(1, char_length(t) - 1) as i) pieces where strpos(b, chr(1)) = 0 and b ~ '[^\x01-\x7F]' $$;
--> statement-breakpoint
CREATE INDEX "erp_orders_receiver_bigram_idx" ON "erp_orders" USING gin ("domain_id", order_search_bigrams(order_search_text("receiver_name", "receiver_phone", "receiver_tel", coalesce("receiver_province", '') || coalesce("receiver_city", '') || coalesce("receiver_district", '') || coalesce("receiver_address", ''))));
--> statement-breakpoint
CREATE INDEX "erp_orders_buyer_bigram_idx" ON "erp_orders" USING gin ("domain_id", order_search_bigrams(order_search_text("buyer_nick")));
