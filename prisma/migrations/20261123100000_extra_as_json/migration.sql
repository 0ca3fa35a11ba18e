-- The rest of each object (`extra`) is stored as json rather than jsonb: nothing queries into it,
-- and json keeps the text as sent (key order too) at a fraction of jsonb's cost to write.
ALTER TABLE "nodes" ALTER COLUMN "extra" DROP DEFAULT;
ALTER TABLE "nodes" ALTER COLUMN "extra" SET DATA TYPE JSON USING "extra"::json;
ALTER TABLE "nodes" ALTER COLUMN "extra" SET DEFAULT '{}';

ALTER TABLE "pods" ALTER COLUMN "extra" DROP DEFAULT;
ALTER TABLE "pods" ALTER COLUMN "extra" SET DATA TYPE JSON USING "extra"::json;
ALTER TABLE "pods" ALTER COLUMN "extra" SET DEFAULT '{}';
