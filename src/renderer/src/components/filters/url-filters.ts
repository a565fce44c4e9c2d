/**
 * Filters as URL search params: reading parses each parameter on its own with the endpoint's zod
 * schema (params.ts), so one bad value is reported and dropped while every other filter stays;
 * writing turns values back into repeated params (`?registry=verra&registry=gold-standard`).
 */
import type { z } from 'zod';
import { fromSearchParams } from '../../../../shared/api/params';

export type FilterValue = string | number | boolean | ReadonlyArray<string | number> | null | undefined;

export interface InvalidParam {
  key: string;
  value: string | string[];
  message: string;
}

export interface ParsedFilters<T> {
  values: Partial<T>;
  invalid: InvalidParam[];
}

/** Parses search params against an object schema, parameter by parameter. Unknown keys are ignored. */
export function parseFilters<S extends z.ZodObject<z.ZodRawShape>>(schema: S, params: URLSearchParams, keys?: readonly string[]): ParsedFilters<z.output<S>> {
  const raw = fromSearchParams(params);
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const values: Record<string, unknown> = {};
  const invalid: InvalidParam[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const field = shape[key];
    if (!field || (keys && !keys.includes(key))) continue;
    const result = field.safeParse(value);
    if (result.success) {
      if (result.data !== undefined) values[key] = result.data;
    } else {
      invalid.push({ key, value, message: result.error.issues.map((i) => i.message).join('; ') });
    }
  }
  return { values: values as Partial<z.output<S>>, invalid };
}

/** Answers new search params with `key` set to `value` (arrays repeated; empty / undefined removes it). */
export function withParam(params: URLSearchParams, key: string, value: FilterValue): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  if (value === undefined || value === null || value === '') return next;
  if (Array.isArray(value)) {
    for (const v of value) next.append(key, String(v));
  } else {
    next.set(key, String(value));
  }
  return next;
}

/** Answers new search params with several keys set at once. */
export function withParams(params: URLSearchParams, patch: Record<string, FilterValue>): URLSearchParams {
  let next = params;
  for (const [k, v] of Object.entries(patch)) next = withParam(next, k, v);
  return next === params ? new URLSearchParams(params) : next;
}

/** A stable string for "the same filters" (key order and value order do not matter). */
export function filterKey(values: Record<string, unknown>): string {
  const entries = Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].map(String).sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
