-- CreateTable
CREATE TABLE "analytics_daily" (
    "day" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "total" INTEGER NOT NULL,

    PRIMARY KEY ("day", "metric", "key")
);

-- CreateTable
CREATE TABLE "analytics_salts" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "analytics_visitors" (
    "day" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "campaign" TEXT NOT NULL,

    PRIMARY KEY ("day", "hash")
);
