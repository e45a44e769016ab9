import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { useAgentChoices, useTelephonyChoices } from './campaign-choices';
import {
  emptyDraft,
  formFieldNames,
  placeProblems,
  toCreateRequest,
  type CampaignDraft,
} from './campaign-draft';
import { CsvFileField, readPreview } from './CsvFileField';
import type { CsvPreview } from './csv-preview';
import { BreakerFields, RetryFields } from './RetryAndBreakerFields';
import { ScheduleFields } from './ScheduleFields';
import { uploadCsvFile } from '../../api/presigned-upload';
import './campaigns.css';
import { useDocumentTitle } from '../../app/document-title';

/** The New campaign form: uploads the CSV through its presigned URL, creates the campaign, opens its page. */
export function NewCampaignPage() {
  useDocumentTitle('New campaign', 'Campaigns');
  const agents = useAgentChoices();
  const telephony = useTelephonyChoices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CampaignDraft>(emptyDraft);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; key: string } | null>(null);
  const [problems, setProblems] = useState<{ byField: Record<string, string>; forForm: string[] }>({
    byField: {},
    forForm: [],
  });
  const [busy, setBusy] = useState(false);
  const update = (part: Partial<CampaignDraft>) => setDraft((current) => ({ ...current, ...part }));

  // The organization's default outbound configuration is preselected once the list arrives.
  const defaultConfiguration = telephony.data?.find((configuration) => configuration.is_default_outbound);
  useEffect(() => {
    if (defaultConfiguration)
      setDraft((current) =>
        current.telephonyConfigurationId
          ? current
          : { ...current, telephonyConfigurationId: String(defaultConfiguration.id) },
      );
  }, [defaultConfiguration]);

  const chosenFile = useRef<File | null>(null);
  async function choose(chosen: File | null) {
    chosenFile.current = chosen;
    setFile(chosen);
    setPreview(null);
    const read = chosen ? await readPreview(chosen).catch(() => null) : null;
    // A file chosen meanwhile wins over this one's late preview.
    if (chosenFile.current === chosen) setPreview(read);
  }

  function fileProblem(): string | undefined {
    if (!file) return 'Choose a CSV file of contacts.';
    if (preview && preview.phoneColumn < 0) return 'The file has no phone_number column.';
    return undefined;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missingFile = fileProblem();
    if (missingFile) {
      setProblems({ byField: { source_id: missingFile }, forForm: [] });
      return;
    }
    setBusy(true);
    setProblems({ byField: {}, forForm: [] });
    try {
      // A file already uploaded for an earlier try of this form is not sent again.
      const key = uploaded?.file === file ? uploaded.key : await uploadCsvFile(file!, 'source_id');
      setUploaded({ file: file!, key });
      const campaign = unwrap(
        await api.POST('/api/v1/campaign/create', { body: toCreateRequest(draft, key) }),
      );
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void navigate(`/campaigns/${campaign.id}`);
    } catch (failure) {
      if (failure instanceof ApiError) setProblems(placeProblems(failure.problems, formFieldNames(draft)));
      else
        setProblems({ byField: {}, forForm: [failure instanceof Error ? failure.message : String(failure)] });
    } finally {
      setBusy(false);
    }
  }

  if (agents.isPending || telephony.isPending) return <Loading />;
  if (agents.error || telephony.error) return <ErrorMessage error={agents.error ?? telephony.error} />;
  const errors = problems.byField;
  const agentOptions = agents.data.map((agent) => ({ value: String(agent.id), label: agent.name }));
  const telephonyOptions = telephony.data.map((configuration) => ({
    value: String(configuration.id),
    label: `${configuration.name} (${configuration.provider})`,
  }));
  return (
    <form className="new-campaign" onSubmit={submit} aria-label="New campaign" noValidate>
      <div className="page-header">
        <h1>New campaign</h1>
      </div>
      {problems.forForm.length > 0 && <ErrorMessage error={new Error(problems.forForm.join(' '))} />}
      <div className="form-grid">
        <TextField
          label="Name"
          value={draft.name}
          error={errors.name}
          onChange={(event) => update({ name: event.target.value })}
        />
        <SelectField
          label="Agent"
          value={draft.agentId}
          options={agentOptions}
          placeholder="Choose an agent"
          error={errors.workflow_id}
          hint={agentOptions.length === 0 ? <Link to="/agents">Create an agent first.</Link> : undefined}
          onChange={(event) => update({ agentId: event.target.value })}
        />
        <SelectField
          label="Telephony configuration"
          value={draft.telephonyConfigurationId}
          options={telephonyOptions}
          placeholder="The organization's default"
          error={errors.telephony_configuration_id}
          hint={
            telephonyOptions.length === 0 ? (
              <Link to="/telephony">Add a telephony configuration.</Link>
            ) : undefined
          }
          onChange={(event) => update({ telephonyConfigurationId: event.target.value })}
        />
        <TextField
          label="Max concurrent calls"
          type="number"
          value={draft.maxConcurrency}
          hint="From 1 to your organization's limit."
          error={errors.max_concurrency}
          onChange={(event) => update({ maxConcurrency: event.target.value })}
        />
      </div>
      <CsvFileField preview={preview} error={errors.source_id} onChoose={(chosen) => void choose(chosen)} />
      <ScheduleFields
        timezone={draft.timezone}
        slots={draft.slots}
        errors={errors}
        onTimezone={(timezone) => update({ timezone })}
        onSlots={(slots) => update({ slots })}
      />
      <RetryFields retry={draft.retry} errors={errors} onChange={(retry) => update({ retry })} />
      <BreakerFields breaker={draft.breaker} errors={errors} onChange={(breaker) => update({ breaker })} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create campaign'}
        </button>
        <Link to="/campaigns" className="button">
          Cancel
        </Link>
      </div>
    </form>
  );
}
