import { MSG, notificationMessageError } from '@rpm/shared';

/** The send-notification form (000 §2.9): ids as the selects hold them ('' when nothing is chosen). */
export interface SendNotificationValues {
  readonly roleId: string;
  readonly userId: string;
  readonly message: string;
}

/** Messages under the fields; a missing key means the field is fine. */
export interface SendNotificationErrors {
  readonly userType?: string;
  readonly user?: string;
  readonly message?: string;
}

/** 000 §5: letters, digits, underscore and space, 1 to 300 characters. */
export function isValidMessage(message: string): boolean {
  return notificationMessageError(message) === undefined;
}

/** The live text under the message once it has been edited (000 §5): 'Max character limit is 300' while invalid. */
export function liveMessageError(message: string, edited: boolean): string | undefined {
  return edited && !isValidMessage(message) ? MSG.messageLimit : undefined;
}

/**
 * The checks of Save (000 §5): 'User type is not selected', 'User is not selected', 'Message max character
 * exceeded'. All failing fields are named at once, so one Save shows everything to fix.
 */
export function sendNotificationErrors(values: SendNotificationValues): SendNotificationErrors {
  return {
    ...(values.roleId === '' ? { userType: MSG.userTypeNotSelected } : {}),
    ...(values.userId === '' ? { user: MSG.userNotSelected } : {}),
    ...(isValidMessage(values.message) ? {} : { message: notificationMessageError(values.message) }),
  };
}
