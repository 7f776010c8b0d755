import type { CapabilityStatement } from '@medplum/fhirtypes';
import { FHIR_RESOURCE_TYPES } from './access.js';
import { SEARCH_PARAMS } from './params.js';

/**
 * The CapabilityStatement of /fhir/R4/metadata, built from the declarations the routes use (the types, their search
 * parameters), so it lists exactly what is implemented.
 */
export function capabilityStatement(base: string, released: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: released,
    kind: 'instance',
    software: { name: 'RPM FHIR API' },
    implementation: {
      description: 'FHIR R4 read, search and Bulk Data export of the RPM product',
      url: base,
    },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${base.replace(/\/R4$/, '')}/auth/token` }],
            },
          ],
        },
        resource: FHIR_RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
          searchParam: SEARCH_PARAMS[type].map((p) => ({
            name: p.name,
            type: p.type,
            documentation: p.documentation,
          })),
          ...(type === 'Patient'
            ? {
                operation: [
                  {
                    name: 'export',
                    definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
                  },
                ],
              }
            : {}),
        })),
        // Bulk export of a practice (Group/{practiceId}/$export) and of every patient in scope (bulk/).
        operation: [
          { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' },
        ],
      },
    ],
  };
}
