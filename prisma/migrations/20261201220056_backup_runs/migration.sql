-- CreateTable
CREATE TABLE "backup_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'running',
    "location" TEXT NOT NULL DEFAULT '',
    "bytes" REAL NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "backup_lock" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "holder" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs"("started_at");
