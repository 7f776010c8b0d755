import type { ProgramName } from '../schema.js';

/** A demo location and the programs it runs. */
export interface DemoLocation {
  readonly name: string;
  readonly programs: readonly ProgramName[];
}

/** A demo practice with its locations. */
export interface DemoPractice {
  readonly name: string;
  readonly locations: readonly DemoLocation[];
}

/** Keys by which demo users name their home organisation. */
export type DemoOrganizationKey = 'northwind' | 'riverside' | 'lakeside';

/** A demo organisation. Names use only the characters spec 000 §5 allows (letters, digits, , - . and space). */
export interface DemoOrganization {
  readonly key: DemoOrganizationKey;
  readonly name: string;
  readonly details: string;
  /** Sleep and dental work: its patients mostly get CPAP devices and oximeters. */
  readonly sleepFocus: boolean;
  readonly practices: readonly DemoPractice[];
}

const ALL: readonly ProgramName[] = ['RPM', 'CCM', 'BHI', 'PCM', 'RTM'];

/** The organisations, practices and locations of the demo data set. */
export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    key: 'northwind',
    name: 'Northwind Cardiology Group',
    details:
      'Cardiology group running remote blood-pressure and weight monitoring for heart-failure patients.',
    sleepFocus: false,
    practices: [
      {
        name: 'Northwind Heart Clinic',
        locations: [
          { name: 'Northwind Heart Clinic - Downtown', programs: ALL },
          { name: 'Northwind Heart Clinic - Harbor View', programs: ['RPM', 'CCM'] },
        ],
      },
      {
        name: 'Northwind Vascular Center',
        locations: [{ name: 'Northwind Vascular Center - Elm Street', programs: ['RPM', 'CCM', 'PCM'] }],
      },
    ],
  },
  {
    key: 'riverside',
    name: 'Riverside Family Health',
    details: 'Family medicine practices with chronic care management and diabetes monitoring.',
    sleepFocus: false,
    practices: [
      {
        name: 'Riverside Primary Care',
        locations: [
          { name: 'Riverside Primary Care - Main Campus', programs: ALL },
          { name: 'Riverside Primary Care - Westgate', programs: ['RPM', 'CCM', 'BHI'] },
        ],
      },
      {
        name: 'Riverside Internal Medicine',
        locations: [{ name: 'Riverside Internal Medicine - Oak Plaza', programs: ['RPM', 'CCM', 'RTM'] }],
      },
    ],
  },
  {
    key: 'lakeside',
    name: 'Lakeside Sleep and Dental Center',
    details: 'Sleep medicine and dental sleep practice: home sleep tests, CPAP therapy and oral appliances.',
    sleepFocus: true,
    practices: [
      {
        name: 'Lakeside Sleep Center',
        locations: [
          { name: 'Lakeside Sleep Center - North Shore', programs: ['RPM', 'RTM'] },
          { name: 'Lakeside Sleep Center - Bayside', programs: ['RPM'] },
        ],
      },
    ],
  },
];
