-- CreateTable
CREATE TABLE "awaited_no_execute_taints" (
    "node_name" TEXT NOT NULL,
    "taint_key" TEXT NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "awaited_no_execute_taints_pkey" PRIMARY KEY ("node_name")
);

-- CreateTable
CREATE TABLE "zone_taintings" (
    "zone" TEXT NOT NULL,
    "last_tainted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "zone_taintings_pkey" PRIMARY KEY ("zone")
);

-- AddForeignKey
ALTER TABLE "awaited_no_execute_taints" ADD CONSTRAINT "awaited_no_execute_taints_node_name_fkey" FOREIGN KEY ("node_name") REFERENCES "nodes"("name") ON DELETE CASCADE ON UPDATE CASCADE;

