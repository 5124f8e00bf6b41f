-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "analytics_salts";
PRAGMA foreign_keys=on;
