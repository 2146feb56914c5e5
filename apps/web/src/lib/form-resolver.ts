// A form resolver from a shared schema, typed by the form's own values. zodResolver types a
// resolver by the schema's input, so a form that keeps its fields in other types than the API's
// (a File beside its name, one form for a create and an update schema) had to cast it; this reads
// the schema's issues into the form's errors the way zodResolver does (first issue per field, all
// of them under criteriaMode 'all') and needs no cast.
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { appendErrors, type FieldError, type FieldErrors, type FieldValues, type Resolver, type ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';

// A union's issue speaks for the branch that came closest (the fewest issues), and that branch's
// issues reach the fields they name, as zodResolver reports them.
export const formErrors = <Values extends FieldValues>(issues: readonly z.core.$ZodIssue[], options: ResolverOptions<Values>): FieldErrors<Values> => {
  const allCriteria = !options.shouldUseNativeValidation && options.criteriaMode === 'all';
  const errors: Record<string, FieldError> = {};
  const pending = [...issues];
  for (let issue = pending.shift(); issue; issue = pending.shift()) {
    const path = issue.path.join('.');
    if (issue.code === 'invalid_union') {
      for (const branch of issue.errors) pending.push(...branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
    }
    if (!errors[path]) {
      const closest = issue.code === 'invalid_union' && issue.errors.length > 0 ? issue.errors.reduce((a, b) => (b.length < a.length ? b : a))[0] : undefined;
      errors[path] = { message: closest?.message ?? issue.message, type: closest?.code ?? issue.code };
    }
    if (allCriteria) {
      const earlier = errors[path].types?.[issue.code];
      errors[path] = { ...errors[path], ...appendErrors(path, true, errors, issue.code, earlier ? [...[earlier].flat().map(String), issue.message] : issue.message) };
    }
  }
  return toNestErrors(errors, options);
};

// Checks the form's values with the schema and hands them on as they are (zodResolver's raw mode).
export const rawSchemaResolver =
  <Values extends FieldValues>(schema: z.ZodType): Resolver<Values> =>
  async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (!result.success) return { values: {}, errors: formErrors(result.error.issues, options) };
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    return { values: { ...values }, errors: {} };
  };
