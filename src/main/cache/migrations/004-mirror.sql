-- The offline mirror: what was fetched item by item (boundaries, forensic dossiers, project details,
-- country updates), with the signal it was fetched for, so a later sync fetches only what is new or
-- changed; what the service answered (found, or none: a 404 remembered with its date).
CREATE TABLE mirror_items (
  -- 'boundary' | 'dossier' | 'detail' | 'countryUpdates'
  resource TEXT NOT NULL,
  item_id TEXT NOT NULL,
  -- what the cache knew of the item when it was fetched (see mirror-repository.ts)
  signal TEXT,
  -- 'found' | 'none'
  outcome TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (resource, item_id)
) WITHOUT ROWID;

-- Boundaries and dossiers fetched before this migration count as mirrored with an unknown signal.
INSERT INTO mirror_items (resource, item_id, signal, outcome, fetched_at)
  SELECT 'boundary', project_id, NULL, CASE found WHEN 1 THEN 'found' ELSE 'none' END, synced_at FROM project_boundaries;
INSERT INTO mirror_items (resource, item_id, signal, outcome, fetched_at)
  SELECT 'dossier', project_id, NULL, CASE found WHEN 1 THEN 'found' ELSE 'none' END, synced_at FROM project_forensics;

-- The watchlist holds projects, buyers and countries.
CREATE TABLE watched_items (
  -- 'project' | 'buyer' | 'country'
  kind TEXT NOT NULL,
  item_id TEXT NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (kind, item_id)
) WITHOUT ROWID;
INSERT INTO watched_items (kind, item_id, added_at) SELECT 'project', project_id, added_at FROM watchlist;
DROP TABLE watchlist;

-- Facts about this cache that are neither rows nor cursors: the mirror's scope ('everything' or
-- 'watchlist'), whether the service's project list carries clips.
CREATE TABLE cache_facts (
  key TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
