CREATE TABLE "cache_generations" (
	"name" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_generations" ("name", "generation") SELECT 'catalog', "generation" FROM "catalog_generation" WHERE "id" = 1;--> statement-breakpoint
DROP TABLE "catalog_generation";
