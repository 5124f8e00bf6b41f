-- DropTable
DROP TABLE "analytics_salts";
