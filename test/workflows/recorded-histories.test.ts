import path from 'node:path';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS_PATH } from '../../worker/workflows-path';
import type { CarriedCampaignState } from '../../workflows/in-flight';
import { quietLogger, workflowBundle } from '../engine/engine-harness';
import type { IssuedCommand } from './histories/command-recorder';
import {
  activityTypes,
  closing,
  committedHistories,
  continuedAsNewInput,
  indexesOf,
  isActivity,
  isTimerStarted,
  issuedCommands,
  mostOpenAtOnce,
  patchIds,
  signalNames,
  startInput,
  upsertedValues,
  workflowType,
} from './histories/history-facts';

/**
 * Histories recorded from earlier code (test/workflows/histories/README.md) replay against today's workflows: a
 * change to the commands a workflow issues for the same events fails here unless it is patched.
 */

const histories = committedHistories();
const byFile = new Map(histories.map(({ file, history }) => [file, history]));
const history = (file: string) => {
  const found = byFile.get(file);
  if (!found) throw new Error(`${file} is missing from test/workflows/histories`);
  return found;
};

type CampaignInput = { carried?: CarriedCampaignState };
const placedCalls = (input: CampaignInput | null) =>
  (input?.carried?.inFlight ?? []).filter(([, deadline]) => deadline !== null);

describe('recorded workflow histories', () => {
  it('replay against the current workflow code without a nondeterminism error', async () => {
    expect(histories.length).toBeGreaterThanOrEqual(7);
    const results = Worker.runReplayHistories(
      { workflowBundle: await workflowBundle(), replayName: 'recorded-histories' },
      histories.map(({ file, history }) => ({ workflowId: file, history })),
    );
    const outcomes: Array<{ file: string; error: string | null }> = [];
    for await (const result of results)
      outcomes.push({ file: result.workflowId, error: result.error ? String(result.error) : null });
    expect(outcomes).toEqual(histories.map(({ file }) => ({ file, error: null })));
  }, 120_000);

  it('schedule the same activities with the same inputs, and continue as new with the same input', async () => {
    // Temporal's replay check compares the commands' kinds and order; an activity's input may change unnoticed (a
    // batch split differently, a field renamed). Replayed with a recording interceptor, today's code must issue
    // exactly what each history recorded.
    const recordingBundle = await bundleWorkflowCode({
      workflowsPath: WORKFLOWS_PATH,
      workflowInterceptorModules: [path.join(import.meta.dirname, 'histories', 'command-recorder.ts')],
      logger: quietLogger,
    });
    const issued = new Map<string, IssuedCommand[]>();
    const results = Worker.runReplayHistories(
      {
        workflowBundle: recordingBundle,
        replayName: 'recorded-commands',
        sinks: {
          commands: {
            issued: {
              fn: (info, command: IssuedCommand) => {
                const list = issued.get(info.workflowId) ?? [];
                list.push(command);
                issued.set(info.workflowId, list);
              },
              callDuringReplay: true,
            },
          },
        },
      },
      histories.map(({ file, history }) => ({ workflowId: file, history })),
    );
    for await (const result of results) expect(result.error, result.workflowId).toBeUndefined();
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    for (const { file, history } of histories) {
      expect(asJson(issued.get(file) ?? []), file).toEqual(asJson(issuedCommands(history)));
    }
  }, 180_000);

  // Each file still shows what it was recorded for; a history made in the wrong conditions would replay and prove nothing.
  describe('each hold what their scenario needs', () => {
    it('placement-awaited: code before the placement-beside-loop patch, one batch at a time', () => {
      const h = history('placement-awaited.json');
      expect(workflowType(h)).toBe('campaignWorkflow');
      expect(patchIds(h)).not.toContain('placement-beside-loop');
      expect(activityTypes(h).filter((type) => type === 'placeAttempts').length).toBeGreaterThanOrEqual(2);
      expect(mostOpenAtOnce(h, 'placeAttempts')).toBe(1);
      expect(closing(h)).toBe('completed');
    });

    it('placement-beside-loop: the patched branch, batches dialing at the same time', () => {
      const h = history('placement-beside-loop.json');
      expect(patchIds(h)).toContain('placement-beside-loop');
      expect(mostOpenAtOnce(h, 'placeAttempts')).toBeGreaterThanOrEqual(2);
      expect(closing(h)).toBe('completed');
    });

    it('pause-resume: paused by the operator, running again, completed', () => {
      const h = history('pause-resume.json');
      const states = upsertedValues(h, 'CampaignState');
      expect(states.slice(states.indexOf('paused'))).toEqual(['paused', 'running', 'completed']);
      expect(signalNames(h).filter((name) => name === 'campaignChanged').length).toBeGreaterThanOrEqual(2);
      expect(activityTypes(h)).not.toContain('pauseForBreaker');
      expect(closing(h)).toBe('completed');
    });

    it('breaker-trip: the workflow paused the campaign itself, was resumed and completed', () => {
      const h = history('breaker-trip.json');
      expect(activityTypes(h)).toContain('pauseForBreaker');
      const states = upsertedValues(h, 'CampaignState');
      expect(states.slice(states.indexOf('paused'))).toEqual(['paused', 'running', 'completed']);
      expect(closing(h)).toBe('completed');
    });

    it('continue-as-new: a run handing over placed calls, and the run that took them over', () => {
      const handover = history('continue-as-new-handover.json');
      const carried = history('continue-as-new-carried.json');
      expect(closing(handover)).toBe('continuedAsNew');
      const handed = continuedAsNewInput<CampaignInput>(handover);
      expect(placedCalls(handed).length).toBeGreaterThanOrEqual(1);
      expect(startInput<CampaignInput>(carried)).toEqual(handed);
    });

    it('one-off-lease-wait: refused a call lease, waited on a timer, then placed and settled', () => {
      const h = history('one-off-lease-wait.json');
      expect(workflowType(h)).toBe('oneOffCallWorkflow');
      expect(activityTypes(h)).toEqual(['placeOneOffCall', 'placeOneOffCall', 'settleOneOffCall']);
      const [first, second] = indexesOf(h, isActivity('placeOneOffCall'));
      const [timer] = indexesOf(h, isTimerStarted);
      expect(timer).toBeGreaterThan(first!);
      expect(timer).toBeLessThan(second!);
      expect(closing(h)).toBe('completed');
    });
  });
});
