/** Why the intake refused one measurement; alerts/ingest-routes.ts maps each reason to a DomainError kind. */
export type RefusalReason =
  /** No vendor key was sent. */
  | 'key_missing'
  /** The key is unknown or revoked. */
  | 'key_unknown'
  /** The key's organisation does not own the device. */
  | 'foreign_device'
  /** No device has the IMEI. */
  | 'unknown_device'
  /** taken_at or a value is not acceptable. */
  | 'invalid'
  /** The device was not assigned to a patient when it measured. */
  | 'not_assigned'
  /** The device and time were received before with other values. */
  | 'conflict'
  /** The intake is shutting down. */
  | 'closed';

/** A measurement the intake refused, with the message for the sender and the field it names. */
export class IntakeRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'IntakeRefusal';
  }
}
