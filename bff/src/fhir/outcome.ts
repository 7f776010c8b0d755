import type { OperationOutcome } from '@medplum/fhirtypes';

/** The issue codes the API answers with (FHIR R4 IssueType). */
type IssueCode =
  | 'invalid'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'deleted'
  | 'throttled'
  | 'exception'
  | 'not-supported'
  | 'informational';

/**
 * A refusal of the FHIR API, answered as an OperationOutcome with its HTTP status
 * (decisions.md "FHIR errors and audit"): 400 a bad parameter (the expression names it), 401, 403 a scope without the type, 404 (also for what the
 * caller may not see), 410 a merged patient.
 */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly code: IssueCode,
    message: string,
    readonly expression?: string,
  ) {
    super(message);
  }
}

export const fhirNotFound = (type: string, id: string) =>
  new FhirError(404, 'not-found', `${type}/${id} is not known.`);

/** The OperationOutcome of a refusal. */
export function outcome(
  status: number,
  code: IssueCode,
  diagnostics: string,
  expression?: string,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: status < 300 ? 'information' : status >= 500 ? 'fatal' : 'error',
        code,
        diagnostics,
        ...(expression ? { expression: [expression] } : {}),
      },
    ],
  };
}
