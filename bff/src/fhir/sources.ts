import type { FhirResourceType } from './access.js';
import { observationSource } from './resources/observation.js';
import {
  carePlanSource,
  conditionSource,
  deviceSource,
  locationSource,
  organizationSource,
  practitionerSource,
} from './resources/others.js';
import { patientSource } from './resources/patient.js';
import type { ResourceSource } from './resources/source.js';

/** The source of each served type: a complete record, so a type without one does not compile. */
export const SOURCES: Readonly<Record<FhirResourceType, ResourceSource>> = {
  Patient: patientSource,
  Practitioner: practitionerSource,
  Organization: organizationSource,
  Location: locationSource,
  Observation: observationSource,
  Device: deviceSource,
  Condition: conditionSource,
  CarePlan: carePlanSource,
};
