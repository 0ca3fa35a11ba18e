-- CreateTable
CREATE TABLE "tls_certificates" (
    "name" TEXT NOT NULL,
    "cert" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "hosts" TEXT[],
    "not_after" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tls_certificates_pkey" PRIMARY KEY ("name")
);

