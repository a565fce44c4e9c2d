/** The offline query layer's functions, served by the cache worker as ops `query:<name>` (filled by the query layer). */
export const analyticsQueries: Record<string, (db: import('better-sqlite3').Database, args: any) => unknown> = {};
