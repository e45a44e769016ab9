/**
 * A contact list to start from: the columns the import reads and simulator numbers whose last digit picks the outcome
 * (0–5 answered, 6 busy, 7 no answer, 8 voicemail, 9 failed), with `callee_script` turns for the simulated callees
 * (docs/agents.md, "Simulated calls talk"). Built in the browser: nothing is fetched.
 */
export const SAMPLE_CSV = [
  'phone_number,first_name,callee_script',
  '+12125550101,Ada,Yes.',
  '+12125550102,Grace,[press 2]',
  '+12125550103,Alan,',
  '+12125550106,Edsger,',
  '+12125550107,Barbara,',
  '+12125550108,Ken,',
].join('\n');
