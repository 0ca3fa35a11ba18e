-- AlterTable
ALTER TABLE "pods" ADD COLUMN     "decision_spec" JSON,
ADD COLUMN     "decision_status" JSON,
ADD COLUMN     "import_digest" TEXT;

