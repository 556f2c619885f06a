import type { ErrorIssue } from '@guichet/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { RequestPart } from './http-error.js';

/**
 * A request part refused by its Zod schema. It keeps Zod's issues whole: fastify-type-provider-zod's own
 * compiler flattens each path into an `instancePath` string ("/user/password"), which loses whether a
 * segment was an array index and cannot be split back safely.
 */
export class RequestValidationError extends Error {
  /** Set by Fastify when it sees the error: the refused part. */
  declare validationContext?: RequestPart;

  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('request validation failed');
  }

  /**
   * The issues as the API answers them: path within the refused part, the broken rule (the form rule's
   * name for text fields built from the domain's rules, Zod's code otherwise), the French message.
   */
  toIssues(): ErrorIssue[] {
    return this.issues.map((issue) => ({
      path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
      code: ruleOf(issue) ?? issue.code,
      message: issue.message,
    }));
  }
}

/** The form rule a custom issue carries (see fieldText in packages/contracts/src/text.ts). */
function ruleOf(issue: z.core.$ZodIssue): string | null {
  if (issue.code !== 'custom') return null;
  const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
  return typeof rule === 'string' ? rule : null;
}

/** Validates params, querystring, body and headers with the route's Zod schemas (the contracts'). */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };
