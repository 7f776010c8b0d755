import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { MSG, type StoredUser } from '@rpm/shared';
import { useState } from 'react';
import { ChangePasswordFields, useChangePassword } from '../change-password/ChangePasswordForm';

const FORM_ID = 'profile-password';

/**
 * The voluntary change-password form of 001 §2.7 on the profile: the forced dialog's form and messages, sent with
 * the signed-in user's own session; 'Password Updated' (001 §5, green) on success.
 */
export function PasswordCard({ user }: { readonly user: StoredUser }) {
  const [updated, setUpdated] = useState(false);
  const form = useChangePassword(user, () => setUpdated(true));
  return (
    <Card className="profile-card" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">Change Password</h2>
      <div onInput={() => setUpdated(false)}>
        <ChangePasswordFields form={form} formId={FORM_ID} />
      </div>
      {updated && (
        <Callout intent={Intent.SUCCESS} role="status">
          {MSG.passwordUpdated}
        </Callout>
      )}
      <Button type="submit" form={FORM_ID} intent={Intent.PRIMARY} text={MSG.save} loading={form.busy} />
    </Card>
  );
}
