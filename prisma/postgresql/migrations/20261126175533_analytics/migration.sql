-- CreateTable
CREATE TABLE "analytics_daily" (
    "day" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "total" INTEGER NOT NULL,

    CONSTRAINT "analytics_daily_pkey" PRIMARY KEY ("day","metric","key")
);

-- CreateTable
CREATE TABLE "analytics_salts" (
    "day" TEXT NOT NULL,
    "salt" TEXT NOT NULL,

    CONSTRAINT "analytics_salts_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "analytics_visitors" (
    "day" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "campaign" TEXT NOT NULL,

    CONSTRAINT "analytics_visitors_pkey" PRIMARY KEY ("day","hash")
);
