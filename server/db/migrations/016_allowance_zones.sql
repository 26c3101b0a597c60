-- 016_allowance_zones: the zone an option's volumes apply to (contract/rating.ts): 'domestic' adds to the plan's
-- bundle (national use and roaming in the EU), 'international' to calls and texts from Belgium to abroad, 'world' to
-- roaming outside the EU. Base products are domestic. The two options of the catalogue that are not domestic are
-- named here for a database seeded before this column; a new database gets its zones from the seed.
ALTER TABLE products ADD COLUMN allowance_zone TEXT NOT NULL DEFAULT 'domestic'
  CHECK (allowance_zone IN ('domestic', 'international', 'world'));
UPDATE products SET allowance_zone = 'international' WHERE type = 'OPTION' AND name = 'International 60';
UPDATE products SET allowance_zone = 'world' WHERE type = 'OPTION' AND name = 'Roaming World 1 GB';
