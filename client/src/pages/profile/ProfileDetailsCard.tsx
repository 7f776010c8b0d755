import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import {
  AVATAR_IMAGES,
  getProfile,
  isoDay,
  liveFieldError,
  MSG,
  type ProfileBody,
  profileBody,
  type StoredUser,
  updateProfile,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { useCall } from '../../api/use-call';
import { useApi } from '../../errors/ErrorDialogProvider';
import { writeUser } from '../../session/storage';
import { EDIT_FIELDS, type EditField, PersonField, personErrors } from '../../staff/PersonField';

/** Name, contact and avatar of the signed-in user (000 §2.2 /app/profile, §3 avatar set of 11). */
export function ProfileDetailsCard({ user }: { readonly user: StoredUser }) {
  const loaded = useCall(getProfile, undefined);
  const profile = loaded.data?.data;
  if (!profile) return <Card className="profile-card" aria-busy="true" />;
  const { username, ...values } = profile;
  return <ProfileForm user={user} username={username} initial={values} />;
}

function ProfileForm({
  user,
  username,
  initial,
}: {
  readonly user: StoredUser;
  readonly username: string;
  readonly initial: ProfileBody;
}) {
  const { showError } = useApi();
  const [values, setValues] = useState<ProfileBody>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const today = isoDay(new Date());

  const set = (field: keyof ProfileBody, value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved(false);
  };
  const blur = (field: EditField) =>
    setErrors((e) => ({ ...e, [field]: liveFieldError(field, values[field], today) ?? undefined }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = personErrors(profileBody, values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = { ...values, firstname: values.firstname.trim(), lastname: values.lastname.trim() };
      await call(updateProfile, { body });
      // The header greets by name and shows the avatar from the stored user (000 §2.7, §3).
      writeUser({ ...user, name: `${body.firstname} ${body.lastname}`, profile_img: body.profile_img });
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError) showError(error);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="profile-card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">User Profile</h2>
      <p>{username}</p>
      <form id="profile-details" noValidate onSubmit={submit}>
        {EDIT_FIELDS.map((spec) => (
          <PersonField
            key={spec.field}
            id={`profile-${spec.field}`}
            spec={spec}
            value={values[spec.field]}
            error={errors[spec.field]}
            onChange={(text) => set(spec.field, text)}
            onBlur={() => blur(spec.field)}
          />
        ))}
        <fieldset className="profile-avatars">
          <legend>Avatar</legend>
          {AVATAR_IMAGES.map((image, i) => (
            <button
              key={image}
              type="button"
              className="profile-avatar"
              aria-pressed={values.profile_img === image}
              aria-label={`Avatar ${i + 1}`}
              onClick={() => set('profile_img', values.profile_img === image ? null : image)}
            >
              <img src={`/profileImages/${image}`} alt="" width={48} height={48} />
            </button>
          ))}
        </fieldset>
        {saved && (
          <Callout intent={Intent.SUCCESS} role="status">
            {MSG.updatedSuccessfully}
          </Callout>
        )}
        <Button type="submit" intent={Intent.PRIMARY} text={MSG.save} loading={saving} />
      </form>
    </Card>
  );
}
