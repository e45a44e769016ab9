import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { IssuedCommand } from './command-recorder';

/**
 * What a recorded history holds, read from its events: the recorder checks that a run shows what its scenario is
 * about before saving it, and the replay test checks the committed files still do (a history recorded in the wrong
 * conditions would replay, but prove nothing).
 */

export const HISTORIES_DIR = import.meta.dirname;

type HistoryEvent = NonNullable<History['events']>[number];

/**
 * The SDK's historyToJSON/historyFromJSON fail here ("type must be a Type"): @temporalio/common loads its own copy of
 * protobufjs for the JSON conversion while the History type comes from @temporalio/proto's copy (npm could not hoist
 * protobufjs 8 over the 7 that OpenTelemetry needs). The same conversion, with the protobufjs of @temporalio/proto,
 * writes and reads the proto3 JSON of `temporal workflow show --output json`.
 */
const protoRequire = createRequire(
  createRequire(import.meta.url).resolve('@temporalio/proto', {
    paths: [path.dirname(createRequire(import.meta.url).resolve('@temporalio/common'))],
  }),
);
const protojson = protoRequire('protobufjs/ext/protojson') as {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History | null;
};
const historyType = (
  protoRequire('@temporalio/proto/lib/patch-protobuf-root') as {
    patchProtobufRoot(root: unknown): { lookupType(name: string): unknown };
  }
)
  .patchProtobufRoot(protoRequire('@temporalio/proto'))
  .lookupType('temporal.api.history.v1.History');
const historyClass = (
  protoRequire('@temporalio/proto') as {
    temporal: { api: { history: { v1: { History: { fromObject(o: unknown): unknown } } } } };
  }
).temporal.api.history.v1.History;

/** A history (as fetched from the server) in the proto3 JSON of Temporal's tools. */
export function historyToJSONText(history: History): string {
  return JSON.stringify(protojson.toJson(historyType, historyClass.fromObject(history)));
}

/** A history read back from its proto3 JSON, ready for `Worker.runReplayHistories`. */
export function historyFromJSONText(text: string): History {
  const history = protojson.fromJson(historyType, JSON.parse(text), { ignoreUnknownFields: true });
  if (!history) throw new TypeError('not a history');
  return history;
}

function decode(payload: Payload | null | undefined): unknown {
  return payload ? defaultPayloadConverter.fromPayload(payload) : undefined;
}

function events(history: History): HistoryEvent[] {
  return history.events ?? [];
}

/** The workflow type the history's run started. */
export function workflowType(history: History): string | null | undefined {
  return events(history)[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
}

/** The run's input (its one argument). */
export function startInput<T>(history: History): T {
  return decode(events(history)[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]) as T;
}

/** How the run ended: `completed`, `continuedAsNew`, ..., or null while it is open. */
export function closing(history: History): string | null {
  const last = events(history).at(-1);
  if (!last) return null;
  if (last.workflowExecutionCompletedEventAttributes) return 'completed';
  if (last.workflowExecutionContinuedAsNewEventAttributes) return 'continuedAsNew';
  if (last.workflowExecutionFailedEventAttributes) return 'failed';
  if (last.workflowExecutionTerminatedEventAttributes) return 'terminated';
  if (last.workflowExecutionTimedOutEventAttributes) return 'timedOut';
  if (last.workflowExecutionCanceledEventAttributes) return 'canceled';
  return null;
}

/** The input the run continued as new with (null when it did not). */
export function continuedAsNewInput<T>(history: History): T | null {
  const attributes = events(history).at(-1)?.workflowExecutionContinuedAsNewEventAttributes;
  return attributes ? (decode(attributes.input?.payloads?.[0]) as T) : null;
}

/** The ids of the patches the run's `patched()` calls recorded. */
export function patchIds(history: History): string[] {
  const ids: string[] = [];
  for (const event of events(history)) {
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_patch') continue;
    for (const payloads of Object.values(marker.details ?? {})) {
      for (const payload of payloads.payloads ?? []) {
        const data = decode(payload) as { id?: string } | string;
        if (typeof data === 'object' && data?.id) ids.push(data.id);
      }
    }
  }
  return ids;
}

/** Every activity the run scheduled (type and arguments) and the input it continued as new with, in order. */
export function issuedCommands(history: History): IssuedCommand[] {
  return events(history).flatMap<IssuedCommand>((event) => {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled)
      return [
        {
          kind: 'activity' as const,
          activityType: scheduled.activityType?.name ?? '',
          args: (scheduled.input?.payloads ?? []).map(decode),
        },
      ];
    const continued = event.workflowExecutionContinuedAsNewEventAttributes;
    if (continued)
      return [{ kind: 'continueAsNew' as const, args: (continued.input?.payloads ?? []).map(decode) }];
    return [];
  });
}

/** Activity types in the order they were scheduled. */
export function activityTypes(history: History): string[] {
  return events(history)
    .map((event) => event.activityTaskScheduledEventAttributes?.activityType?.name)
    .filter((name): name is string => typeof name === 'string');
}

/** The most activities of this type that were scheduled and not yet closed at the same point of the history. */
export function mostOpenAtOnce(history: History, activityType: string): number {
  const open = new Set<string>();
  let most = 0;
  for (const event of events(history)) {
    if (event.activityTaskScheduledEventAttributes?.activityType?.name === activityType) {
      open.add(String(event.eventId));
      most = Math.max(most, open.size);
    }
    const closed =
      event.activityTaskCompletedEventAttributes ??
      event.activityTaskFailedEventAttributes ??
      event.activityTaskTimedOutEventAttributes ??
      event.activityTaskCanceledEventAttributes;
    if (closed) open.delete(String(closed.scheduledEventId));
  }
  return most;
}

/** Signals received, by name. */
export function signalNames(history: History): string[] {
  return events(history)
    .map((event) => event.workflowExecutionSignaledEventAttributes?.signalName)
    .filter((name): name is string => typeof name === 'string');
}

/** The values of a search attribute in the order the run upserted them (e.g. the published campaign states). */
export function upsertedValues(history: History, key: string): unknown[] {
  return events(history)
    .map(
      (event) => event.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[key],
    )
    .filter((payload): payload is Payload => Boolean(payload))
    .map(decode);
}

/** Positions of the events that match, in history order (for "a timer between two placements" checks). */
export function indexesOf(history: History, matches: (event: HistoryEvent) => boolean): number[] {
  return events(history).flatMap((event, index) => (matches(event) ? [index] : []));
}

export const isTimerStarted = (event: HistoryEvent) => Boolean(event.timerStartedEventAttributes);
export const isActivity = (type: string) => (event: HistoryEvent) =>
  event.activityTaskScheduledEventAttributes?.activityType?.name === type;

/** Every committed history: file name and parsed history. */
export function committedHistories(dir = HISTORIES_DIR): Array<{ file: string; history: History }> {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      history: historyFromJSONText(readFileSync(path.join(dir, file), 'utf8')),
    }));
}
