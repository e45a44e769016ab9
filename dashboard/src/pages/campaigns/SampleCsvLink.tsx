import { SAMPLE_CSV } from './sample-csv';

/** The New campaign page's link to the sample contact list (sample-csv.ts). */
export function SampleCsvLink() {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SAMPLE_CSV}\n`)}`;
  return (
    <p className="hint sample-csv">
      <a href={href} download="sample-contacts.csv">
        Download a sample CSV
      </a>{' '}
      (simulator numbers: the last digit picks the outcome — 0–5 answered, 6 busy, 7 no answer, 8 voicemail, 9
      failed;
      <code>callee_script</code> is what a simulated callee says, turn by turn).
    </p>
  );
}
