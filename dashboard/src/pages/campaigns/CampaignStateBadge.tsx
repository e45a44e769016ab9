/** A campaign's state as a coloured badge (styles.css colours running, paused and failed). */
export function CampaignStateBadge({ state }: { state: string }) {
  return <span className={`badge ${state}`}>{state}</span>;
}
