import * as v from 'valibot';
import type { Catalogue } from '../catalogue/schema';
import type { Configuration } from '../configuration';
import { parseConfiguration } from '../configuration';

/** Where a request to a reference handler went wrong: the field (dot path) and what was wrong. */
export interface RequestProblem {
  field: string;
  message: string;
}

/** A request checked by its schema, then its configuration ids by the catalogue. */
export type CheckedRequest<T> = { ok: true; request: T; configuration: Configuration } | { ok: false; problems: RequestProblem[] };

/** One problem per field, the first valibot reported (it may report a field twice). */
export function problemsOf(issues: readonly v.BaseIssue<unknown>[]): RequestProblem[] {
  const problems: RequestProblem[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (!problems.some((problem) => problem.field === field)) problems.push({ field, message: issue.message });
  }
  return problems;
}

/**
 * The shared first half of the relay's and the direct-debit handler's checks: one problem per field,
 * then the configuration ids against the catalogue.
 */
export function checkRequest<S extends v.GenericSchema<unknown, { configuration: unknown }>>(
  catalogue: Catalogue,
  schema: S,
  input: unknown,
): CheckedRequest<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (!result.success) return { ok: false, problems: problemsOf(result.issues) };
  const parsed = parseConfiguration(catalogue, result.output.configuration);
  if (!parsed.ok) return { ok: false, problems: [{ field: parsed.error.split(':')[0] ?? 'configuration', message: parsed.error }] };
  return { ok: true, request: result.output, configuration: parsed.configuration };
}
