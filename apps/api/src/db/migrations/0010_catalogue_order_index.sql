-- Published catalogue items in catalogue order: the search (GET /academy?search=) walks this index
-- and stops at its 30th match, instead of matching and sorting every item of a common word.
CREATE INDEX "courses_published_order_idx" ON "courses" USING btree ("sort_order","name","id") WHERE "courses"."published";