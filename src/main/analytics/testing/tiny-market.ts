/**
 * Test support (not a test): a cache database (every migration applied) holding a small hand-made
 * market written with the cache's own repositories, for unit tests of the query layer.
 */
import type Database from 'better-sqlite3';
import { creditTransactionSchema, projectSchema, satelliteMetricsSchema, type CreditTransaction, type Project } from '../../../shared/api';
import { openQueryableCache } from '../schema';
import { CreditTransactionRepository } from '../../cache/repositories/credit-transaction-repository';
import { ProjectRepository } from '../../cache/repositories/project-repository';
import { SatelliteRepository } from '../../cache/repositories/satellite-repository';

export const project = (p: Partial<Project> & { project_id: string }): Project => projectSchema.parse({ name: p.project_id, ...p });

let nextId = 1;
export const credit = (c: Partial<CreditTransaction> & { project_id: string; category?: string }): CreditTransaction =>
  creditTransactionSchema.parse({
    id: c.id ?? nextId++,
    quantity: 10,
    vintage: 2020,
    transaction_date: '2024-01-10',
    transaction_type: 'retirement',
    ...c,
    projects: [{ project_id: c.project_id, category: c.category ?? 'forest', project_type: null }],
  });

export function writeProjects(db: Database.Database, projects: Project[]): void {
  db.transaction(() => new ProjectRepository(db).upsertProjects(projects, 1, true))();
}
export function writeCredits(db: Database.Database, credits: CreditTransaction[]): void {
  db.transaction(() => new CreditTransactionRepository(db).upsertCreditTransactions(credits, 1))();
}
export function writeSatellite(db: Database.Database, metrics: Array<Record<string, unknown>>): void {
  new SatelliteRepository(db).upsertSatelliteMetrics(metrics.map((m) => satelliteMetricsSchema.parse(m)), 1);
}

/** A fresh in-memory cache with the market below: a few projects with awkward names and credits. */
export function tinyMarket(): Database.Database {
  const db = openQueryableCache(':memory:');
  writeProjects(db, [
    project({ project_id: 'VCS-1', name: '100% Forest', registry: 'verra', country: 'Brazil', category: 'forest', issued: 500, retired: 100, listed_at: '2020-03-04', sdg_goals: [13, 15], certifications: ['ccb-gold'] }),
    project({ project_id: 'VCS-2', name: 'river_delta', registry: 'verra', country: 'Kenya', category: 'renewable-energy', issued: 300, retired: 300, listed_at: '2021-06-30', sdg_goals: [7, 13] }),
    project({ project_id: 'GLD-3', name: "O'Brien \\ Stoves", registry: 'gold-standard', country: 'kenya', category: 'energy-efficiency', issued: 50, retired: 0, listed_at: '2021-07-04', sdg_goals: [3], certifications: ['corsia'] }),
    project({ project_id: 'ACR-4', name: 'riverXdelta', registry: 'american-carbon-registry', country: null, category: 'forest', issued: 0, retired: 0, listed_at: null }),
  ]);
  writeCredits(db, [
    credit({ project_id: 'VCS-1', quantity: 40, transaction_date: '2026-06-01', retirement_beneficiary_harmonized: 'Acme Air', retirement_beneficiary: 'ACME AIR LTD' }),
    credit({ project_id: 'VCS-1', quantity: 60, transaction_date: '2023-02-14', vintage: 2019, retirement_beneficiary_harmonized: 'acme air' }),
    credit({ project_id: 'VCS-2', quantity: 300, transaction_date: '2025-12-31', category: 'renewable-energy', retirement_beneficiary_harmonized: '100% Green_Co', retirement_note: "it's 50% done" }),
    credit({ project_id: 'VCS-1', quantity: 500, transaction_date: '2019-01-01', transaction_type: 'issuance', vintage: 2018 }),
    credit({ project_id: 'GLD-3', quantity: 50, transaction_date: '2021-08-01', transaction_type: 'issuance', vintage: null }),
    credit({ project_id: 'VCS-2', quantity: 7, transaction_date: null, retirement_beneficiary_harmonized: 'Back\\Slash Inc' }),
  ]);
  return db;
}
