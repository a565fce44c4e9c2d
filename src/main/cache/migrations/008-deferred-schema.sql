-- While a table is filled from empty (the first projects pass), its secondary indexes and its search
-- triggers are set aside here and recreated once the pass is in (src/main/cache/deferred-schema.ts):
-- each index built once from sorted keys instead of updated row by row. Kept in the file, so a pass
-- interrupted by a crash still gets them back.
CREATE TABLE deferred_schema (
  name TEXT PRIMARY KEY,
  tbl TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('index', 'trigger')),
  sql TEXT NOT NULL
);
