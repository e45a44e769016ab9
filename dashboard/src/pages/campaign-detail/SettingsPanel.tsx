import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDuration, weekdayName, yesNo } from './campaign-format';
import type { Campaign } from './campaign-queries';
import { SettingsForm } from './SettingsForm';

/** States whose settings may still change (PATCH is 409 once completed or failed). */
const EDITABLE_STATES = new Set(['created', 'syncing', 'running', 'paused']);

/** One read-only group of settings: a titled list of label/value rows. */
function SettingsGroup({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  return (
    <div className="card settings-group">
      <h3>{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="setting-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function scheduleSlots(campaign: Campaign) {
  const { slots = [] } = campaign.schedule_config;
  if (!campaign.schedule_config.enabled || slots.length === 0) return 'Any time';
  return (
    <ul className="plain-list">
      {slots.map((slot, index) => (
        <li key={index}>
          {weekdayName(slot.day_of_week)} {slot.start_time}–{slot.end_time}
        </li>
      ))}
    </ul>
  );
}

/** The campaign's settings, read-only, with an editor while the campaign can still change. */
export function SettingsPanel({ campaign }: { campaign: Campaign }) {
  const [editing, setEditing] = useState(false);
  const editable = EDITABLE_STATES.has(campaign.state);
  return (
    <section aria-labelledby="campaign-settings-title" className="campaign-section">
      <div className="section-header">
        <h2 id="campaign-settings-title">Settings</h2>
        {editable && !editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit settings
          </button>
        )}
      </div>
      {editing && editable ? (
        <SettingsForm campaign={campaign} onDone={() => setEditing(false)} />
      ) : (
        <SettingsView campaign={campaign} />
      )}
    </section>
  );
}

/** The campaign's agent, telephony, concurrency, retries, schedule and breaker, read-only. */
function SettingsView({ campaign }: { campaign: Campaign }) {
  const retry = campaign.retry_config;
  const breaker = campaign.circuit_breaker;
  const schedule = campaign.schedule_config;
  return (
    <div className="settings-grid">
      <SettingsGroup
        title="Calling"
        rows={[
          ['Agent', <Link to={`/agents/${campaign.workflow_id}`}>{campaign.workflow_name}</Link>],
          ['Telephony', campaign.telephony_configuration_name ?? 'Organization default'],
          ['Max concurrency', campaign.max_concurrency],
          ['Ring timeout', formatDuration(campaign.ring_timeout_seconds)],
        ]}
      />
      <SettingsGroup
        title="Retries"
        rows={[
          ['Retries enabled', yesNo(retry.enabled)],
          ['Max retries', retry.max_retries],
          ['Retry delay', formatDuration(retry.retry_delay_seconds)],
          ['Retry on busy', yesNo(retry.retry_on_busy)],
          ['Retry on no answer', yesNo(retry.retry_on_no_answer)],
          ['Retry on voicemail', yesNo(retry.retry_on_voicemail)],
        ]}
      />
      <SettingsGroup
        title="Schedule"
        rows={[
          ['Schedule enabled', yesNo(schedule.enabled)],
          ['Time zone', schedule.timezone],
          [
            'Windows read in',
            schedule.contact_timezone === 'contact' ? "Each contact's zone" : "The campaign's zone",
          ],
          ['Calling windows', scheduleSlots(campaign)],
        ]}
      />
      <SettingsGroup
        title="Circuit breaker"
        rows={[
          ['Breaker enabled', yesNo(breaker.enabled)],
          ['Failure threshold', `${Math.round(breaker.failure_threshold * 100)} %`],
          ['Window', formatDuration(breaker.window_seconds)],
          ['Minimum calls in window', breaker.min_calls_in_window],
        ]}
      />
    </div>
  );
}
