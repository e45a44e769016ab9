/** Request and response schemas of the data lifecycle routes (deletions and retention). */
import { Type } from '@sinclair/typebox';

export { ErrorBody } from '../common-schemas';

/** What a deletion removed. */
export const DeletedCounts = Type.Object({
  campaigns: Type.Integer(),
  contacts: Type.Integer(),
  attempts: Type.Integer(),
  runs: Type.Integer(),
});

export const CampaignDeletion = Type.Object({ id: Type.Integer(), deleted: DeletedCounts });
export const RunDeletion = Type.Object({ id: Type.Integer(), deleted: DeletedCounts });

export const ContactDataDeletionBody = Type.Object({
  phone_number: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'E.164, or national in DEFAULT_PHONE_REGION',
  }),
});
export const ContactDataDeletion = Type.Object({ phone_number: Type.String(), deleted: DeletedCounts });

export const UserDeletion = Type.Object({
  id: Type.Integer(),
  /** Organizations the user was the only member of, deleted with the user. */
  deleted_organization_ids: Type.Array(Type.Integer()),
});

export const OrganizationDeletion = Type.Object({
  id: Type.Integer(),
  deleted: Type.Object({ campaigns: Type.Integer(), runs: Type.Integer(), users: Type.Integer() }),
});

const Days = Type.Union([Type.Integer({ minimum: 0, maximum: 36_500 }), Type.Null()]);

export const Retention = Type.Object({
  uploads_days: Days,
  recordings_days: Days,
  transcripts_days: Days,
});

export const RetentionUpdate = Type.Object(
  {
    uploads_days: Type.Optional(Days),
    recordings_days: Type.Optional(Days),
    transcripts_days: Type.Optional(Days),
  },
  { additionalProperties: false },
);
