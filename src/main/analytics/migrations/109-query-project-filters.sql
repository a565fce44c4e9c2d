-- The project filters a panel sets (category, registry, country, compliance, the label flags, the
-- issued / retired / listing bounds), the sorts on those columns with the id as their last term, and
-- the totals strip's sums, in one narrow index: a filter no other index narrows reads it instead of
-- the whole projects table (39 MB at ten times the default market; this index 9 MB), and a category
-- filter (compared ignoring case, which projects_category is not) seeks it. The label flags are kept
-- as the filters read them (a null is false). The credit, buyer and chart queries' project filters
-- (`project_id IN (...)`) read it too when their terms are among its columns.
-- At ten times the default market, the first answers of 200 distinct random filter combinations
-- (bench/query's cold mode): projects.list p95 32.2 -> 24.8 ms (seed 1) and 33.1 -> 26.1 ms (seed 2);
-- the totals of the same filters, by a probe, 42.2 / 29.0 / 33.3 -> 33.3 / 25.3 / 26.6 ms (seeds 1-3). The
-- projects' rebuild after a pass from empty there: 1.57-1.66 -> 1.79-1.86 s.
CREATE INDEX IF NOT EXISTS projects_filter_columns ON projects (
  category COLLATE NOCASE,
  registry COLLATE NOCASE,
  country COLLATE NOCASE,
  is_compliance,
  coalesce(has_ccb, 0),
  coalesce(has_icvcm_ccp, 0),
  coalesce(has_corsia, 0),
  coalesce(has_sdvista, 0),
  coalesce(has_social_carbon, 0),
  coalesce(article6_authorized, 0),
  issued,
  retired,
  unretired,
  listed_at,
  project_id
);
-- Two indexes this one replaces go, also from the indexes a projects pass under way has set aside
-- to rebuild:
-- - projects_unretired: nothing sorts or filters by the stored unretired column (its sort is
--   issued - retired, as the service's), and the totals' sums read the index above.
-- - projects_category (the category as stored): no filter could seek it (they ignore case), and
--   the planner walked it for a GROUP BY category, reading every project row in its order: the
--   credits-by-category chart of the whole market took 100 ms that way, 25 ms from the index above.
DROP INDEX IF EXISTS projects_unretired;
DROP INDEX IF EXISTS projects_category;
DELETE FROM deferred_schema WHERE name IN ('projects_unretired', 'projects_category');
