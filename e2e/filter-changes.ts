/**
 * Twenty filter and sort changes in Projects and twenty in Transactions, one after another as a user
 * makes them, each with the query the view answers after it: e2e/filter-latency.spec.ts checks that
 * the table then shows the contract's answer to that query, and bench/browser times the same changes.
 *
 * The queries are this file's own account of what each change means (a pick-list option adds its
 * value or takes it out again, "Any" drops a flag, a header click sorts by its column: numbers and
 * dates largest first, text A to Z), not read back from the app.
 */
import type { AppPage } from './fixtures';

export type ListQuery = Record<string, string[] | boolean>;

export interface FilterChange {
  /** What the user does, in words. */
  label: string;
  act(app: AppPage): Promise<void>;
  /** The view's filters and sort once it has been done. */
  query: ListQuery;
}

export interface FilterView {
  route: string;
  /** The contract method whose answer the table shows. */
  method: 'projects.list' | 'credits.list';
  /** The order the view shows without a sort in the URL. */
  defaultSort: readonly string[];
  /** Opens the filter panels the changes use. */
  open(app: AppPage): Promise<void>;
  changes: FilterChange[];
}

async function toggleOption(app: AppPage, testId: string, option: string) {
  await app.page.getByTestId(testId).getByRole('button').first().click();
  await app.page.getByRole('option', { name: option, exact: false }).first().getByRole('checkbox').click();
  await app.page.keyboard.press('Escape');
  await app.page.locator('body').click({ position: { x: 5, y: 5 } });
}

const triState = (app: AppPage, key: string, choice: 'Yes' | 'No' | 'Any') => app.page.getByTestId(`filter-${key}`).getByRole('button', { name: choice }).click();

const sortHeader = (app: AppPage, table: string, header: string) => app.page.getByTestId(table).getByRole('button', { name: new RegExp(`^${header}`) }).click();

/** Builds the changes one by one, each query following from the one before. */
function changesFrom(defaultSort: readonly string[]) {
  let query: ListQuery = {};
  const changes: FilterChange[] = [];
  const add = (label: string, act: FilterChange['act'], next: ListQuery) => {
    query = next;
    changes.push({ label, act, query });
  };
  const without = (q: ListQuery, key: string): ListQuery => Object.fromEntries(Object.entries(q).filter(([k]) => k !== key));
  return {
    changes,
    /** A pick-list option: its value added, or taken out when it was in. */
    option(testId: string, option: string, key: string, value: string) {
      const values = (query[key] as string[] | undefined) ?? [];
      const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
      add(`${option} in ${key}`, (app) => toggleOption(app, testId, option), next.length ? { ...query, [key]: next } : without(query, key));
    },
    /** A yes / no / any flag. */
    flag(key: string, choice: 'Yes' | 'No' | 'Any') {
      add(`${key}: ${choice}`, (app) => triState(app, key, choice), choice === 'Any' ? without(query, key) : { ...query, [key]: choice === 'Yes' });
    },
    /** A click on a sortable header: by its field (`first` direction), reversed on the next click, then the default order. */
    sort(table: string, header: string, field: string, first: 'asc' | 'desc') {
      const current = (query.sort as string[] | undefined) ?? defaultSort;
      const direction = current.includes(field) ? 'asc' : current.includes(`-${field}`) ? 'desc' : null;
      const next = direction === null ? first : direction === first ? (first === 'asc' ? 'desc' : 'asc') : null;
      add(`sort by ${header}`, (app) => sortHeader(app, table, header), next === null ? without(query, 'sort') : { ...query, sort: [next === 'desc' ? `-${field}` : field] });
    },
  };
}

function projectChanges(): FilterChange[] {
  const c = changesFrom(PROJECTS_DEFAULT_SORT);
  c.option('filter-registry', 'Verra', 'registry', 'verra');
  c.option('filter-registry', 'Gold Standard', 'registry', 'gold-standard');
  c.option('filter-category', 'Forest', 'category', 'forest');
  c.option('filter-category', 'Renewable energy', 'category', 'renewable-energy');
  c.flag('has_ccb', 'Yes');
  c.flag('has_ccb', 'Any');
  c.sort('projects-table', 'Issued', 'issued', 'desc');
  c.sort('projects-table', 'Retired', 'retired', 'desc');
  c.sort('projects-table', 'Name', 'name', 'asc');
  c.option('filter-category', 'Forest', 'category', 'forest');
  c.flag('is_compliance', 'No');
  c.flag('article6_authorized', 'No');
  c.option('filter-corc', '100+', 'corc_durability', '100+');
  c.option('filter-corc', '100+', 'corc_durability', '100+');
  c.option('filter-registry', 'Verra', 'registry', 'verra');
  c.flag('is_compliance', 'Any');
  c.sort('projects-table', 'Registry', 'registry', 'asc');
  c.sort('projects-table', 'Category', 'category', 'asc');
  c.flag('article6_authorized', 'Any');
  c.option('filter-registry', 'Gold Standard', 'registry', 'gold-standard');
  return c.changes;
}

function transactionChanges(): FilterChange[] {
  const c = changesFrom(TRANSACTIONS_DEFAULT_SORT);
  c.option('filter-transaction-type', 'Retirement', 'transaction_type', 'retirement');
  c.option('filter-transaction-type', 'Issuance', 'transaction_type', 'issuance');
  c.option('filter-registry', 'Verra', 'registry', 'verra');
  c.sort('transactions-table', 'Quantity', 'quantity', 'desc');
  c.sort('transactions-table', 'Date', 'transaction_date', 'desc');
  c.option('filter-category', 'Forest', 'category', 'forest');
  c.option('filter-category', 'Forest', 'category', 'forest');
  c.option('filter-transaction-type', 'Issuance', 'transaction_type', 'issuance');
  c.sort('transactions-table', 'Vintage', 'vintage', 'desc');
  c.option('filter-registry', 'Gold Standard', 'registry', 'gold-standard');
  c.flag('has_corsia', 'No');
  c.flag('has_corsia', 'Any');
  c.option('filter-registry', 'Verra', 'registry', 'verra');
  c.sort('transactions-table', 'Buyer', 'retirement_beneficiary_harmonized', 'asc');
  c.option('filter-transaction-type', 'Retirement', 'transaction_type', 'retirement');
  c.option('filter-transaction-type', 'Cancellation', 'transaction_type', 'cancellation');
  c.option('filter-transaction-type', 'Cancellation', 'transaction_type', 'cancellation');
  c.sort('transactions-table', 'Account', 'retirement_account', 'asc');
  c.option('filter-registry', 'Gold Standard', 'registry', 'gold-standard');
  c.sort('transactions-table', 'Date', 'transaction_date', 'desc');
  return c.changes;
}

/** The Projects view's order without a sort in the URL (the contract's default, DEFAULT_SORT.projects). */
const PROJECTS_DEFAULT_SORT = ['project_id'] as const;
/** The Transactions view's order without a sort in the URL: newest first. */
export const TRANSACTIONS_DEFAULT_SORT = ['-transaction_date', '-id'] as const;

export const PROJECTS: FilterView = {
  route: '/projects',
  method: 'projects.list',
  defaultSort: PROJECTS_DEFAULT_SORT,
  open: async (app) => {
    await app.page.getByRole('button', { name: /^Filters/ }).click();
  },
  changes: projectChanges(),
};

export const TRANSACTIONS: FilterView = {
  route: '/transactions',
  method: 'credits.list',
  defaultSort: TRANSACTIONS_DEFAULT_SORT,
  open: async (app) => {
    await app.page.getByRole('button', { name: /^Filters/ }).click();
    await app.page.getByRole('button', { name: /Project filters/ }).click();
  },
  changes: transactionChanges(),
};

/** The contract's input for a change's query: its sort, or the view's default order. */
export const contractInput = (view: FilterView, query: ListQuery): Record<string, unknown> => ({ sort: [...view.defaultSort], ...query });
