-- CreateTable
CREATE TABLE "backup_runs" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'running',
    "location" TEXT NOT NULL DEFAULT '',
    "bytes" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "backup_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "backup_lock" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "holder" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "backup_lock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs"("started_at");
