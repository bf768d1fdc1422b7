-- Each package's own stays (place, nights, hotel/houseboat/resort): the seed fills them in on existing databases.
ALTER TABLE "packages" ADD COLUMN "stays" jsonb DEFAULT '[]'::jsonb NOT NULL;
