/**
 * Vocabularies the filter panel offers that come from the cache: the project-type taxonomy
 * (projects.types) and the countries of cached projects (countries.index), loaded once and again after a sync job wrote rows.
 */
import { useEffect, useState } from 'react';
import type { CountryIndexEntry } from '../../../../shared/contract';
import type { ProjectTypes } from '../../../../shared/api';
import { carbon } from '../../data';
import { useCacheGeneration } from '../../components/data-table';

let typesPromise: Promise<ProjectTypes> | null = null;
let countriesPromise: Promise<CountryIndexEntry[]> | null = null;
let loadedFor = '';

export interface FilterVocabulary {
  projectTypes: ProjectTypes | null;
  countries: CountryIndexEntry[] | null;
  error: unknown;
}

export function useFilterVocabulary(): FilterVocabulary {
  const [state, setState] = useState<FilterVocabulary>({ projectTypes: null, countries: null, error: null });
  const generation = useCacheGeneration();
  useEffect(() => {
    let alive = true;
    if (loadedFor !== generation) {
      // a sync wrote rows: the taxonomy and the countries may have changed
      loadedFor = generation;
      typesPromise = null;
      countriesPromise = null;
    }
    typesPromise ??= carbon.projects.types({}).catch((e: unknown) => {
      typesPromise = null;
      throw e;
    });
    countriesPromise ??= carbon.countries.index({}).catch((e: unknown) => {
      countriesPromise = null;
      throw e;
    });
    typesPromise.then((projectTypes) => alive && setState((s) => ({ ...s, projectTypes }))).catch((error: unknown) => alive && setState((s) => ({ ...s, error })));
    countriesPromise.then((countries) => alive && setState((s) => ({ ...s, countries }))).catch((error: unknown) => alive && setState((s) => ({ ...s, error })));
    return () => {
      alive = false;
    };
  }, [generation]);
  return state;
}
